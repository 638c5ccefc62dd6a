import { z } from 'zod';

export { FileReference } from './question-types';

export const FileStats = z
  .object({ fileCount: z.number().int(), totalBytes: z.number().int() })
  .meta({ id: 'FileStats' });
export type FileStats = z.infer<typeof FileStats>;

export const UploadsConfig = z
  .object({
    maxFileSizeMb: z.number().int(),
    maxFilesPerResponse: z.number().int(),
    maxBytesPerResponse: z.number().int(),
  })
  .meta({ id: 'UploadsConfig' });
export type UploadsConfig = z.infer<typeof UploadsConfig>;
