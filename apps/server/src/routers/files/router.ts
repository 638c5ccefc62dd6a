import { router } from '../../trpc.ts';
import { deleteFileProcedure } from './delete-file.ts';
import { fileStatsProcedure } from './file-stats.ts';
import { uploadsConfigProcedure } from './uploads-config.ts';

/** The JSON half of files; multipart upload and binary download are Express routes in http/. */
export const filesRouter = router({
  stats: fileStatsProcedure,
  uploadsConfig: uploadsConfigProcedure,
  delete: deleteFileProcedure,
});
