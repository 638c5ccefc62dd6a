import { type ClientRequest, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, checkAddresses, pinnedLookup, type TargetPolicy } from './target-policy.ts';

/** How much of a receiver's answer is kept for the delivery log. */
export const RESPONSE_BODY_LIMIT = 2048;

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: TargetPolicy;
  /** Aborts the attempt (the process is stopping). */
  signal?: AbortSignal;
}

/** What one attempt came to: the receiver's answer, or why there was none. */
export type PostResult =
  | { kind: 'answered'; status: number; body: string; retryAfter: string | undefined }
  | { kind: 'failed'; error: string };

/**
 * One POST to a receiver, never longer than `policy.timeoutMs` from lookup to the last byte read:
 * the connection goes only to addresses that passed the target check (pinned by the lookup, or
 * the IP literal checked here), redirects are answers like any other (never followed), and at
 * most 2 KB of the answer's body is read before the connection is dropped.
 */
export function postWebhook(request: PostRequest): Promise<PostResult> {
  const target = new URL(request.url);
  const host = bareHost(target.hostname);
  if (isIP(host)) {
    try {
      checkAddresses([{ address: host, family: isIP(host) as 4 | 6 }], request.policy.allowPrivate);
    } catch (error) {
      return Promise.resolve({ kind: 'failed', error: (error as Error).message });
    }
  }
  const body = Buffer.from(request.body);
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...request.headers, 'content-length': String(body.length) },
    lookup: pinnedLookup(request.policy),
    // A fresh connection per attempt: nothing pooled outlives the check made for it.
    agent: false,
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise((resolve) => {
    let settled = false;
    let outgoing: ClientRequest | undefined;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      outgoing?.destroy();
      resolve(result);
    };
    const seconds = request.policy.timeoutMs / 1000;
    const deadline = setTimeout(
      () => finish({ kind: 'failed', error: `No complete answer within ${seconds} seconds` }),
      request.policy.timeoutMs,
    );
    const onAbort = () => finish({ kind: 'failed', error: 'The server stopped during the attempt' });
    request.signal?.addEventListener('abort', onAbort, { once: true });

    outgoing = send(target, options, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answered = () =>
        finish({
          kind: 'answered',
          status: response.statusCode ?? 0,
          body: logText(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT)),
          retryAfter: response.headers['retry-after'],
        });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT) answered();
      });
      response.on('end', answered);
      response.on('error', answered);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'failed', error: connectionError(error) }));
    outgoing.end(body);
  });
}

/** Text Postgres can store (no NUL) from what a receiver sent. */
const logText = (bytes: Buffer) => bytes.toString('utf8').replaceAll('\u0000', '\uFFFD').trim();

function connectionError(error: NodeJS.ErrnoException): string {
  if (error.name === 'TargetRefusedError') return error.message;
  const words: Record<string, string> = {
    ECONNREFUSED: 'The receiver refused the connection',
    ECONNRESET: 'The receiver closed the connection',
    EHOSTUNREACH: 'The receiver could not be reached',
    ENETUNREACH: 'The receiver could not be reached',
    ETIMEDOUT: 'The connection timed out',
  };
  const known = error.code ? words[error.code] : undefined;
  return known ? `${known} (${error.code})` : `The request failed: ${error.message}`;
}
