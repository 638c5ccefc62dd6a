import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '@forms-engine/schema';
import { ERROR_CODES } from '../errors/error-codes.ts';

export const PROBLEM_SCHEMA_REF = '#/components/schemas/Problem';

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}

/**
 * The problem responses for these codes, one per status: `application/problem+json` with the
 * Problem schema narrowed to exactly the codes that status can carry for the operation.
 */
export function problemResponses(codes: Iterable<ErrorCode>): Record<string, ResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const meanings = list.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}`).join('; ');
    responses[String(status)] = {
      description: `${STATUS_CODES[status]}. ${meanings}.`,
      content: {
        'application/problem+json': {
          schema: {
            allOf: [{ $ref: PROBLEM_SCHEMA_REF }, { type: 'object', properties: { code: { enum: list } } }],
          },
        },
      },
    };
  }
  return responses;
}
