import { parseBody } from './body';
import { clientProblem, FormsEngineError, problemFrom } from './problem';

/**
 * An upload through XMLHttpRequest, which reports progress (fetch does not). Loaded by `uploadFile`
 * when it is first asked for progress, so the first load of an embed without a file upload carries
 * none of it (measured: 0.3 KB gzip of `mount`'s first load).
 */
/** What of `UploadOptions` an upload with progress reads (named here so this file needs nothing of the client's). */
interface ProgressOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

export function uploadWithProgress(url: string, form: FormData, options: ProgressOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.addEventListener('loadend', () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted)
        return reject(new FormsEngineError(clientProblem('ABORTED', 'The upload was aborted')));
      if (xhr.status === 0) {
        return reject(new FormsEngineError(clientProblem('NETWORK_ERROR', 'The server could not be reached')));
      }
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new FormsEngineError(problemFrom(xhr.status, xhr.statusText, body)));
      options.onProgress?.(1);
      resolve(body);
    });
    xhr.send(form);
    // Aborted while this module was loading: the abort event has passed, so stop here (it rejects as before).
    if (options.signal?.aborted) xhr.abort();
  });
}
