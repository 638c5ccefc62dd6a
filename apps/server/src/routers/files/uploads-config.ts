import { UploadsConfig } from '@forms-engine/schema';
import { z } from 'zod';
import { uploadsConfig } from '../../services/files.ts';
import { procedure } from '../../trpc.ts';

export const uploadsConfigProcedure = procedure
  .meta({
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/uploads/config',
      tags: ['Files'],
      summary: 'The server-side upload caps',
      description: 'maxFileSizeMb per file, maxFilesPerResponse and maxBytesPerResponse per response.',
    },
  })
  .input(z.void())
  .output(UploadsConfig)
  .query(({ ctx }) => uploadsConfig(ctx.deps));
