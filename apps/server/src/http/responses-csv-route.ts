import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ResponseStatus } from '@forms-engine/schema';
import { create as contentDisposition } from 'content-disposition';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../services/deps.ts';
import { responseCsv } from '../services/response-csv.ts';

export const CsvExportQuery = z.strictObject({
  status: ResponseStatus.optional(),
  versionNumber: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  externalRef: z.string().min(1).max(200).optional(),
});

/** GET /api/v1/questionnaires/:id/responses/export.csv, streamed with backpressure. */
export function responsesCsvRoute(deps: Deps): Router {
  const router = Router();
  router.get('/api/v1/questionnaires/:id/responses/export.csv', async (req, res, next) => {
    try {
      const filter = CsvExportQuery.parse(req.query);
      const { fileName, lines } = await responseCsv(deps, String(req.params.id), filter);
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', contentDisposition(fileName, { type: 'attachment' }));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-store');
      await pipeline(Readable.from(lines), res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
