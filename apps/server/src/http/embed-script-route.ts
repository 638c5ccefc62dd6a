import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Request, type Response, Router } from 'express';
import { notFound } from '../errors/app-error.ts';
import { PrecompressedBody, sendPrecompressed } from './precompressed.ts';

export const EMBED_SCRIPT_PATH = '/embed/v1/embed.js';
/** The script tag's module and its chunks, beside it (`{file}` in the OpenAPI document). */
export const EMBED_FILES_PATH = '/embed/v1/{file}';
export const isEmbedScriptPath = (path: string) => path === EMBED_SCRIPT_PATH || path === EMBED_FILES_PATH;

/**
 * A day, then revalidation by ETag: the URL names only the major version, so a new build must
 * reach every site without anyone changing their script tag.
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** A chunk's name carries the hash of its content: a new build names new files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The module's entry (`embed-module.js`, a re-export of one chunk) is asked again every time (a 304):
 * a copy cached across a deploy would name chunks the server no longer has.
 */
const REVALIDATE = 'public, no-cache';
const HASHED = /-[A-Z0-9]{8}\.m?js$/;
const CONTENT_TYPE = 'text/javascript; charset=utf-8';

/**
 * A built file and its gzip copy, when the build made one (`gzipCopy`: made with zopfli, since issue 25's
 * budget is what is sent). A copy that does not unzip to the file (left by an older build) is ignored:
 * the server then makes its own.
 */
export async function readBuiltFile(path: string, gzipCopy: string): Promise<PrecompressedBody> {
  const body = await readFile(path);
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const copy = await readFile(gzipCopy).catch(() => undefined);
  return new PrecompressedBody(body, etag, copy && unzipsTo(copy, body) ? { gzip: copy } : {});
}

/** Where embed-client's build keeps the gzip copy of `dist/<name>` (its `scripts/precompress.ts`). */
const gzipCopyOf = (name: string) => join(dirname(loaderPath()), 'gzip', `${name}.gz`);

function unzipsTo(gzipped: Buffer, body: Buffer): boolean {
  try {
    return gunzipSync(gzipped).equals(body);
  } catch {
    return false;
  }
}

/** The built script tag (the loader) of @forms-engine/embed-client; its module's files are in `script/` beside it. */
const loaderPath = () => createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js');

/** The built script-tag loader, read once (and compressed once per coding). */
async function loadScript(): Promise<PrecompressedBody | undefined> {
  try {
    return await readBuiltFile(loaderPath(), gzipCopyOf('embed.global.js'));
  } catch {
    return undefined; // not built (`pnpm build` builds it)
  }
}

/**
 * The module's files by name: the allowlist. A request's path never reaches the file system; it
 * only looks a name up here, so `..`, encoded dots, backslashes and NUL find nothing.
 */
async function loadFiles(): Promise<Map<string, PrecompressedBody> | undefined> {
  try {
    const folder = join(dirname(loaderPath()), 'script');
    const names = (await readdir(folder)).filter((name) => /^[\w-]+\.m?js$/.test(name));
    if (names.length === 0) return undefined;
    return new Map(
      await Promise.all(
        names.map(
          async (name) => [name, await readBuiltFile(join(folder, name), gzipCopyOf(`script/${name}`))] as const,
        ),
      ),
    );
  } catch {
    return undefined;
  }
}

/**
 * GET /embed/v1/embed.js: the one-script-tag embed, for any site (CORS open, cross-origin
 * resource policy), cacheable with a strong ETag, in Brotli or gzip as the browser accepts.
 * GET /embed/v1/{file}: the ES module it imports and its chunks, sent the same way.
 */
export function embedScriptRoute(): Router {
  const routes = Router();
  let script: Promise<PrecompressedBody | undefined> | undefined;
  // Read at start; read again on a request while it is not built.
  let files: Promise<Map<string, PrecompressedBody> | undefined> | undefined = loadFiles();
  const send = async (req: Request, res: Response, body: PrecompressedBody, cacheControl: string) => {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await sendPrecompressed(req, res, body, CONTENT_TYPE);
  };
  routes.get(EMBED_SCRIPT_PATH, async (req, res) => {
    script ??= loadScript();
    const loaded = await script;
    if (!loaded) {
      script = undefined; // try again once it has been built
      throw notFound('The embed script (not built)');
    }
    await send(req, res, loaded, CACHE_CONTROL);
  });
  routes.get('/embed/v1/:file', async (req, res, next) => {
    files ??= loadFiles();
    const loaded = await files;
    if (!loaded) files = undefined;
    const name = req.params.file;
    // Not `embed-module.js/` either: relative to that, its chunks' addresses would be wrong.
    const body = req.path.endsWith('/') ? undefined : loaded?.get(name);
    if (!body) return next(); // the 404 problem
    await send(req, res, body, HASHED.test(name) ? IMMUTABLE : REVALIDATE);
  });
  return routes;
}
