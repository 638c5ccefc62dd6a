import { EventEmitter } from 'node:events';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';

/** Bodies under this many bytes go out as they are: coding them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** What the `compression` middleware offers, in its order of preference: ours must agree with it. */
const OFFERED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

export type ContentCoding = 'br' | 'gzip' | 'deflate';

/**
 * negotiator 0.6's `encoding` with its second argument, the server's preference on a tie (not in its
 * published types). The same version as the `compression` middleware's, so both parse alike.
 */
type EncodingNegotiator = { encoding(available: string[], preferred: string[]): string | undefined };

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once per offer. */
const MEMO_LIMIT = 64;
const memos = new Map<readonly string[], Map<string, ContentCoding | undefined>>();

/**
 * The coding a response to this request gets, as the `compression` middleware picks it (Brotli
 * first, then gzip, among what Accept-Encoding allows); undefined for identity. `offered` narrows
 * it for bodies kept in only some codings (pass the same array each time: it keys the memo).
 */
export function negotiateCoding(req: Request, offered: readonly string[] = OFFERED): ContentCoding | undefined {
  const header = req.headers['accept-encoding'] ?? '';
  let memo = memos.get(offered);
  if (!memo) {
    memo = new Map();
    memos.set(offered, memo);
  }
  if (memo.has(header)) return memo.get(header);
  const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
  const picked = negotiator.encoding([...offered], PREFERRED);
  const coding = picked === 'br' || picked === 'gzip' || picked === 'deflate' ? picked : undefined;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(header, coding);
  return coding;
}

/**
 * A strong ETag for the coded body (`"abc"` → `"abc-br"`): RFC 9110 wants a strong validator to
 * differ between representations, and a cache must not take the gzip body for the identity one.
 */
export const codedEtag = (etag: string, coding: ContentCoding | undefined): string =>
  coding && etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : etag;

/** Marks a response the route coded itself (or chose to send as it is) so the middleware leaves it. */
export function leaveUncompressed(res: Response): void {
  res.locals.leaveUncompressed = true;
}

const PROBLEM = /^application\/problem\+json\b/i;

/**
 * Compression of dynamic responses (the `compression` middleware: Brotli and gzip by
 * Accept-Encoding, `Vary: Accept-Encoding`, text and JSON types only, `no-transform` respected)
 * for bodies of 1 KB and more. Problem bodies stay plain: small, and read by every kind of client.
 * Streams (the CSV export) call `res.flush()` after each page so nothing waits in the compressor.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req, res) => {
      if ((res as Response).locals.leaveUncompressed) return false;
      if (PROBLEM.test(String(res.getHeader('Content-Type') ?? ''))) return false;
      return compression.filter(req, res);
    },
  });
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      if (error === undefined) oneDrainListener(res);
      next(error);
    });
}

type Listener = (...args: unknown[]) => void;

/**
 * The middleware hands a response's `drain` listeners to its compressor (which emits the `drain`
 * a writer waits for), but a removal still goes to the response, where the listener never was.
 * So each `res.once('drain')` (and `events.once(res, 'drain')`) of a streaming route left one
 * listener on the compressor for good: hundreds on a long export, and Node's leak warning. Here
 * the response keeps its `drain` listeners in an emitter of its own, fed by one listener on
 * whatever the middleware chose (the compressor, or the response itself): add, once and remove
 * all work on the same list, and the compressor holds one listener per response.
 */
function oneDrainListener(res: Response): void {
  const compressedOn = res.on as (this: Response, event: string | symbol, listener: Listener) => Response;
  const prototypeRemove = res.removeListener as (
    this: Response,
    event: string | symbol,
    listener: Listener,
  ) => Response;
  const prototypeCount = res.listenerCount as (this: Response, event: string | symbol) => number;
  const drains = new EventEmitter();
  let relaying = false;
  function on(this: Response, event: string | symbol, listener: Listener): Response {
    if (event !== 'drain') return compressedOn.call(this, event, listener);
    if (!relaying) {
      relaying = true;
      compressedOn.call(this, 'drain', () => drains.emit('drain'));
    }
    drains.on('drain', listener);
    return this;
  }
  function removeListener(this: Response, event: string | symbol, listener: Listener): Response {
    if (event !== 'drain') return prototypeRemove.call(this, event, listener);
    drains.removeListener('drain', listener);
    return this;
  }
  function listenerCount(this: Response, event: string | symbol): number {
    return event === 'drain' ? drains.listenerCount('drain') : prototypeCount.call(this, event);
  }
  // EventEmitter's own `once` adds through `on` and removes through `removeListener`: both land here.
  Object.assign(res, { on, addListener: on, removeListener, off: removeListener, listenerCount });
}
