import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvExportQuery } from '@forms-engine/schema';
import { create as contentDisposition } from 'content-disposition';
import type { Router } from 'express';
import type { Deps } from '../services/deps.ts';
import { responseCsv } from '../services/response-csv.ts';

/** An empty query value counts as absent, as on every path the REST adapter serves. */
const presentValues = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

/** GET /api/v1/questionnaires/:id/responses/export.csv (mounted under /api/v1), streamed with backpressure. */
export function responsesCsvRoute(router: Router, deps: Deps): void {
  router.get('/questionnaires/:id/responses/export.csv', async (req, res, next) => {
    try {
      const { header, ...filter } = CsvExportQuery.parse(presentValues(req.query));
      const { fileName, lines } = await responseCsv(deps, String(req.params.id), filter, header);
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
}
