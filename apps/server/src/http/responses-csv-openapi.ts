import { CsvExportQuery, Id } from '@forms-engine/schema';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

/** OpenAPI description of the hand-written CSV export route. */
export const responsesCsvPaths: ZodOpenApiPathsObject = {
  '/api/v1/questionnaires/{id}/responses/export.csv': {
    get: {
      operationId: 'responses-exportCsv',
      tags: ['Responses'],
      summary: 'Export responses as CSV (RFC 4180, UTF-8, streamed), same filters as browse',
      description:
        'Columns: responseId, externalRef, status, versionNumber, createdAt, updatedAt, completedAt, origin, userAgent, language, ' +
        'ending (the id of the ending recorded on completion; with `header=prompt` headed Ending and holding its title), ' +
        'one column per hidden field across all versions (newest order first), headed `hidden.<key>` or, with ' +
        '`header=prompt`, by its label (its key when it has none), ' +
        'then one column per question code across all versions (newest order first), headed by code or, with ' +
        '`header=prompt`, by prompt. Answers as saved (`values=code`, the default: choice values, true/false, an ' +
        'address in six columns) or, with `values=label`, as a person reads them in the words of the version each ' +
        'response is pinned to: choice labels, the yes/no labels (Yes/No by default), Agreed/Not agreed for consent, ' +
        'numbers and ratings as numbers, file names, an address on one line. Filtered by `language`, the prompts and ' +
        'those words are in that language, falling back to the default text string by string. See docs/csv-export.md.',
      'x-error-codes': ['NOT_FOUND'],
      requestParams: { path: z.object({ id: Id }), query: CsvExportQuery },
      responses: {
        '200': {
          description: 'The CSV file, as an attachment',
          headers: z.object({ 'Content-Disposition': z.string() }),
          content: { 'text/csv': { schema: z.string() } },
        },
      },
    },
  },
};
