import type { Problem } from '@forms-engine/schema';
import { clientProblem } from '../../data/problem.ts';
import { managementToken } from '../../data/token.ts';
import { downloadFile } from '../../ui/index.ts';

/** The management HTTP routes the tRPC client cannot serve (CSV export, file download). */
export const managementUrl = {
  csv(questionnaireId: string, filters: Record<string, string | undefined>): string {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
    const search = query.toString();
    return `/api/v1/questionnaires/${encodeURIComponent(questionnaireId)}/responses/export.csv${search ? `?${search}` : ''}`;
  },
  file(questionnaireId: string, responseId: string, fileId: string): string {
    return `/api/v1/questionnaires/${encodeURIComponent(questionnaireId)}/responses/${encodeURIComponent(
      responseId,
    )}/files/${encodeURIComponent(fileId)}`;
  },
};

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads `url` with the stored bearer token (a plain link cannot send one): fetched, then
 * saved through a Blob link. Resolves with the server's problem when it refuses.
 */
export async function downloadWithToken(url: string, fallbackName: string): Promise<Problem | undefined> {
  const token = managementToken.get();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    return clientProblem(error instanceof Error ? error.message : 'The download failed');
  }
  if (!response.ok) {
    try {
      return (await response.json()) as Problem;
    } catch {
      return clientProblem(`The download failed (${response.status})`, response.status);
    }
  }
  const blob = await response.blob();
  downloadFile(fileNameOf(response.headers.get('content-disposition'), fallbackName), blob, blob.type);
  return undefined;
}
