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
        'Columns: responseId, externalRef, status, versionNumber, createdAt, updatedAt, completedAt, origin, userAgent, ' +
        'then one column per question code across all versions (newest order first), headed by code or, with ' +
        '`header=prompt`, by prompt. See docs/csv-export.md.',
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
