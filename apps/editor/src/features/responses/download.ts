import type { Problem } from '@forms-engine/schema';
import { managementToken } from '../../data/token.ts';

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
    const detail = error instanceof Error ? error.message : 'The download failed';
    return { type: 'about:blank', title: 'Error', status: 0, code: 'INTERNAL_ERROR', detail };
  }
  if (!response.ok) {
    try {
      return (await response.json()) as Problem;
    } catch {
      return {
        type: 'about:blank',
        title: 'Error',
        status: response.status,
        code: 'INTERNAL_ERROR',
        detail: `The download failed (${response.status})`,
      };
    }
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return undefined;
}
