import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import fresh from 'fresh';
import { COMPRESSION_THRESHOLD_BYTES, codedEtag, leaveUncompressed, negotiateCoding } from './compression.ts';

type StoredCoding = 'br' | 'gzip';
const STORED_CODINGS: readonly string[] = ['br', 'gzip', 'identity'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Made once per body, so the slowest, smallest settings pay off. */
const encoders: Record<StoredCoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * A body that is sent many times unchanged (the embed script, a live document): each coding is
 * made once, on its first request, and kept beside the identity bytes.
 */
export class PrecompressedBody {
  private readonly codings = new Map<StoredCoding, Promise<Buffer>>();
  private readonly etags: Record<StoredCoding, string>;

  constructor(
    readonly body: Buffer,
    /** The strong ETag of the identity bytes. */
    readonly etag: string,
    /** Codings made before (at build time, smaller than the ones made here); the others are made on first request. */
    made: Partial<Record<StoredCoding, Buffer>> = {},
  ) {
    this.etags = { br: codedEtag(etag, 'br'), gzip: codedEtag(etag, 'gzip') };
    for (const [coding, bytes] of Object.entries(made))
      this.codings.set(coding as StoredCoding, Promise.resolve(bytes));
  }

  /** The ETag of the body in this coding (the identity one for none). */
  etagOf(coding: StoredCoding | undefined): string {
    return coding ? this.etags[coding] : this.etag;
  }

  coded(coding: StoredCoding): Promise<Buffer> {
    let bytes = this.codings.get(coding);
    if (!bytes) {
      bytes = encoders[coding](this.body);
      this.codings.set(coding, bytes);
      bytes.catch(() => this.codings.delete(coding)); // try again next time
    }
    return bytes;
  }
}

/**
 * Sends `body` in the coding the request accepts (Brotli, gzip, or as it is under 1 KB), with
 * `Vary: Accept-Encoding`, that coding's ETag, and 304 when If-None-Match names it (a 304 carries
 * no Content-Type). The caller sets Cache-Control.
 */
export async function sendPrecompressed(
  req: Request,
  res: Response,
  body: PrecompressedBody,
  contentType: string,
): Promise<void> {
  const coding =
    body.body.length >= COMPRESSION_THRESHOLD_BYTES
      ? (negotiateCoding(req, STORED_CODINGS) as StoredCoding | undefined)
      : undefined;
  const etag = body.etagOf(coding);
  leaveUncompressed(res);
  res.vary('Accept-Encoding');
  res.setHeader('ETag', etag);
  // Only If-None-Match counts: a request's Cache-Control is for caches (RFC 9111).
  if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })) {
    res.status(304).end();
    return;
  }
  const bytes = coding ? await body.coded(coding) : body.body;
  res.setHeader('Content-Type', contentType);
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', String(bytes.length));
  res.status(200).end(bytes);
}
