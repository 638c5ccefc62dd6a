import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Router } from 'express';
import { notFound } from '../errors/app-error.ts';
import { PrecompressedBody, sendPrecompressed } from './precompressed.ts';

export const EMBED_SCRIPT_PATH = '/embed/v1/embed.js';

/**
 * A day, then revalidation by ETag: the URL names only the major version, so a new build must
 * reach every site without anyone changing their script tag.
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** The built script-tag bundle of @forms-engine/embed-client, read once (and compressed once per coding). */
async function loadScript(): Promise<PrecompressedBody | undefined> {
  try {
    const path = createRequire(import.meta.url).resolve('@forms-engine/embed-client/embed.js');
    const body = await readFile(path);
    return new PrecompressedBody(body, `"${createHash('sha256').update(body).digest('base64url')}"`);
  } catch {
    return undefined; // not built (`pnpm build` builds it)
  }
}

/**
 * GET /embed/v1/embed.js: the one-script-tag embed, for any site (CORS open, cross-origin
 * resource policy), cacheable with a strong ETag, in Brotli or gzip as the browser accepts.
 */
export function embedScriptRoute(): Router {
  const routes = Router();
  let script: Promise<PrecompressedBody | undefined> | undefined;
  routes.get(EMBED_SCRIPT_PATH, async (req, res) => {
    script ??= loadScript();
    const loaded = await script;
    if (!loaded) {
      script = undefined; // try again once it has been built
      throw notFound('The embed script (not built)');
    }
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await sendPrecompressed(req, res, loaded, 'text/javascript; charset=utf-8');
  });
  return routes;
}
