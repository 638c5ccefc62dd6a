import { CsvExportQuery } from '@forms-engine/schema';
import { create as contentDisposition } from 'content-disposition';
import type { Response, Router } from 'express';
import { recordAudit } from '../services/accounts/audit-log.ts';
import type { Deps } from '../services/deps.ts';
import { responseCsv } from '../services/response-csv.ts';
import { auditContextOf } from './management-access.ts';
import { emptyValueParameters, gatheredParameters, queryInput } from './rest-adapter.ts';

/** Query values read as the REST adapter reads them (`?externalRef=` is a 400, `hidden.<key>` gathered). */
const EMPTY_IS_A_VALUE = emptyValueParameters(CsvExportQuery);
const GATHERED = gatheredParameters(CsvExportQuery);

/**
 * Writes each page as it comes, with backpressure, and flushes it through the compressor (the
 * `compression` middleware's `res.flush`) so a compressed export streams page by page instead of
 * waiting for the compressor's window to fill. Stops reading pages when the client leaves.
 * One `drain` and one `close` listener for the whole export: the middleware hands `drain`
 * listeners to its compressor, which never lets them go, so one per wait would pile up.
 */
async function writePages(res: Response, pages: AsyncIterable<string>): Promise<void> {
  const flush = (res as Response & { flush?: () => void }).flush;
  let wake: (() => void) | undefined;
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  res.on('drain', resume);
  res.once('close', resume);
  for await (const page of pages) {
    if (res.destroyed) return; // leaving the loop ends the generator: no more pages are read
    const written = res.write(page);
    flush?.call(res);
    if (!written) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      if (res.destroyed) return;
    }
  }
  res.end();
}

/** GET /api/v1/questionnaires/:id/responses/export.csv (mounted under /api/v1), streamed with backpressure. */
export function responsesCsvRoute(router: Router, deps: Deps): void {
  router.get('/questionnaires/:id/responses/export.csv', async (req, res, next) => {
    try {
      const { header, values, ...filter } = CsvExportQuery.parse(queryInput(req.query, EMPTY_IS_A_VALUE, GATHERED));
      const id = String(req.params.id);
      const { fileName, questionnaireName, lines } = await responseCsv(deps, id, filter, { header, values });
      // Accounts mode: who took the respondents' answers away, before the first byte leaves.
      await recordAudit(deps, auditContextOf(deps, req, res), {
        action: 'responses.export',
        target: { type: 'questionnaire', id, name: questionnaireName },
        details: { format: 'csv', ...filter },
      });
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', contentDisposition(fileName, { type: 'attachment' }));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-store');
      await writePages(res, lines);
    } catch (error) {
      next(error);
    }
  });
}
