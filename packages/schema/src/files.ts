import { z } from 'zod';
import { Int32, Int64 } from './common';

export { FileReference } from './question-types';

export const FileStats = z.object({ fileCount: Int64, totalBytes: Int64 }).meta({ id: 'FileStats' });
export type FileStats = z.infer<typeof FileStats>;

export const UploadsConfig = z
  .object({
    maxFileSizeMb: Int32.min(1),
    maxFilesPerResponse: Int32.min(1),
    maxBytesPerResponse: Int64,
  })
  .meta({ id: 'UploadsConfig' });
export type UploadsConfig = z.infer<typeof UploadsConfig>;
