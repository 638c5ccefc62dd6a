import { parseBody } from './body';
import { clientProblem, FormsEngineError, parseRetryAfter, problemFrom } from './problem';
import type {
  CompleteResponseRequest,
  CreateResponseRequest,
  CreateResponseResult,
  FileReference,
  GeocodeQuery,
  GeocodeSuggestion,
  LiveQuestionnaire,
  PatchResponseRequest,
  RefStatus,
  ResponseRehydration,
} from './types';

export interface PublicClientOptions {
  /** Where Forms Engine runs, e.g. `https://forms.example.org` (a trailing slash is fine). */
  baseUrl: string;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

export interface SaveOptions extends RequestOptions {
  /** Lets the request outlive the page (`fetch` keepalive), for a save made as the page is hidden or unloaded. */
  keepalive?: boolean | undefined;
}

export interface UploadOptions extends RequestOptions {
  /** The file name sent to the server; a `File`'s own name by default. */
  fileName?: string | undefined;
  /** Upload progress, 0..1. In browsers the upload then goes through XMLHttpRequest, which reports progress. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** Every operation of the public API (`/public/v1`). Each rejects with a `FormsEngineError`. */
export interface PublicClient {
  readonly baseUrl: string;
  /** The latest published version of a questionnaire. */
  getLive(publicId: string, options?: RequestOptions): Promise<LiveQuestionnaire>;
  /** Whether an external reference has responses (NONE, IN_PROGRESS, COMPLETED). */
  getRefStatus(publicId: string, ref: string, options?: RequestOptions): Promise<RefStatus>;
  /** Starts a response pinned to a published version. */
  createResponse(
    publicId: string,
    body: CreateResponseRequest,
    options?: RequestOptions,
  ): Promise<CreateResponseResult>;
  /** Everything needed to resume a response (works after completion too). */
  getResponse(responseId: string, options?: RequestOptions): Promise<ResponseRehydration>;
  /** Replaces the whole answers map and last position (not a merge). */
  patchResponse(responseId: string, body: PatchResponseRequest, options?: SaveOptions): Promise<void>;
  /**
   * Completes the response, with the ending shown when there is one (`{ endingId }`); repeating it is
   * harmless (the first ending recorded stays).
   */
  completeResponse(responseId: string, body?: CompleteResponseRequest, options?: RequestOptions): Promise<void>;
  /** Uploads one file for a FILE_UPLOAD question. */
  uploadFile(responseId: string, questionCode: string, file: Blob, options?: UploadOptions): Promise<FileReference>;
  deleteFile(responseId: string, fileId: string, options?: RequestOptions): Promise<void>;
  /** Address suggestions; an empty list when nothing matches or the query is too short. */
  geocode(query: GeocodeQuery, options?: RequestOptions): Promise<GeocodeSuggestion[]>;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal | undefined;
  keepalive?: boolean | undefined;
}

/** Browsers refuse keepalive bodies over 64 KiB (shared by all such requests in flight); larger saves go without it. */
const KEEPALIVE_MAX_BYTES = 60_000;

const segment = encodeURIComponent;

export function createPublicClient(options: PublicClientOptions): PublicClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const customFetch = options.fetch;
  const doFetch = customFetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  const urlOf = (path: string, query: Call['query'] = {}) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${baseUrl}/public/v1${path}${search ? `?${search}` : ''}`;
  };

  /** Sends a request (through `fetch`, by default the client's); resolves with the parsed body of a 2xx answer (undefined when empty). */
  async function send(
    call: Call,
    fetch: (url: string, init: RequestInit) => Promise<Response> = doFetch,
  ): Promise<unknown> {
    // Only Content-Type is ever set: the server's CORS preflight admits no other header we would need.
    const init: RequestInit = { method: call.method, signal: call.signal ?? null, credentials: 'omit' };
    if (call.json !== undefined) {
      init.headers = { 'Content-Type': 'application/json' };
      init.body = JSON.stringify(call.json);
      if (call.keepalive && init.body.length <= KEEPALIVE_MAX_BYTES) init.keepalive = true;
    } else if (call.form) {
      init.body = call.form;
    }
    let response: Response;
    try {
      response = await fetch(urlOf(call.path, call.query), init);
    } catch (error) {
      if (call.signal?.aborted) throw new FormsEngineError(clientProblem('ABORTED', 'The request was aborted'));
      throw new FormsEngineError(clientProblem('NETWORK_ERROR', 'The server could not be reached'), { cause: error });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new FormsEngineError(clientProblem('NETWORK_ERROR', 'The answer was cut off'), { cause: error });
    }
    const body = parseBody(text);
    if (!response.ok) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      throw new FormsEngineError(problemFrom(response.status, response.statusText, body), { retryAfterMs });
    }
    return body;
  }

  /** For answers that must carry a JSON body. */
  async function sendFor<T>(call: Call, isExpected: (body: unknown) => boolean): Promise<T> {
    const body = await send(call);
    if (!isExpected(body)) {
      throw new FormsEngineError(
        clientProblem('UNEXPECTED_RESPONSE', `${call.method} ${call.path}: not the documented body`),
      );
    }
    return body as T;
  }

  const isObject = (body: unknown) => typeof body === 'object' && body !== null && !Array.isArray(body);

  return {
    baseUrl,
    getLive: (publicId, { signal } = {}) =>
      sendFor({ method: 'GET', path: `/questionnaires/${segment(publicId)}/live`, signal }, isObject),
    getRefStatus: (publicId, ref, { signal } = {}) =>
      sendFor(
        { method: 'GET', path: `/questionnaires/${segment(publicId)}/ref-status`, query: { ref }, signal },
        isObject,
      ),
    createResponse: (publicId, body, { signal } = {}) =>
      sendFor({ method: 'POST', path: `/questionnaires/${segment(publicId)}/responses`, json: body, signal }, isObject),
    getResponse: (responseId, { signal } = {}) =>
      sendFor({ method: 'GET', path: `/responses/${segment(responseId)}`, signal }, isObject),
    // PATCH and complete answer 200 with no body (older servers: an empty JSON body); both are fine.
    patchResponse: async (responseId, body, { signal, keepalive } = {}) => {
      await send({ method: 'PATCH', path: `/responses/${segment(responseId)}`, json: body, signal, keepalive });
    },
    // No ending: no body at all, as servers before endings expect.
    completeResponse: async (responseId, body, { signal } = {}) => {
      const json = body?.endingId ? body : undefined;
      await send({ method: 'POST', path: `/responses/${segment(responseId)}/complete`, json, signal });
    },
    uploadFile: async (responseId, questionCode, file, uploadOptions = {}) => {
      const { onProgress, signal } = uploadOptions;
      const form = new FormData();
      const fileName = uploadOptions.fileName ?? (file as File).name ?? 'file';
      form.append('file', file, fileName);
      const path = `/responses/${segment(responseId)}/files`;
      // XMLHttpRequest reports upload progress; fetch does not. A custom fetch is always honoured. The
      // XMLHttpRequest path is loaded when first used: only the file upload (a chunk of its own) takes it.
      const body = await send(
        { method: 'POST', path, query: { questionCode }, form, signal },
        onProgress && !customFetch && typeof XMLHttpRequest !== 'undefined'
          ? (await import('./upload-progress')).uploadWithProgress(onProgress)
          : doFetch,
      );
      if (!isObject(body))
        throw new FormsEngineError(clientProblem('UNEXPECTED_RESPONSE', `POST ${path}: no file reference`));
      return body as FileReference;
    },
    deleteFile: async (responseId, fileId, { signal } = {}) => {
      await send({ method: 'DELETE', path: `/responses/${segment(responseId)}/files/${segment(fileId)}`, signal });
    },
    geocode: (query, { signal } = {}) =>
      sendFor({ method: 'GET', path: '/geocode', query: { ...query }, signal }, Array.isArray),
  };
}
