import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type RequestHandler, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Paths the editor never answers, so their 404s and 405s stay problem bodies. */
const API_ROOTS = ['/api', '/public', '/trpc', '/docs', '/openapi.json', '/embed', '/healthz', '/readyz'];

/**
 * apps/editor/dist, found from where this module runs: apps/server/dist/main.js once built,
 * apps/server/src/http/editor-static.ts under tsx.
 */
export function findEditorDist(configured: string | undefined): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 4; level++, dir = dirname(dir)) {
    const candidate = resolve(dir, '../editor/dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

const isApiPath = (path: string) => API_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));

/**
 * Browsers navigating name `text/html`; API clients send no Accept or "any type", and keep getting
 * the 404 problem for a path that does not exist.
 */
const asksForPage = (req: Request) => /\btext\/html\b/i.test(req.get('accept') ?? '') && req.accepts('html') !== false;

/**
 * The editor at `/`: hashed assets with a year's cache, in the Brotli or gzip file the build wrote
 * beside each one (`Vary: Accept-Encoding`), `index.html` revalidated on every load, the icon at
 * `/favicon.ico` too (what browsers and tools ask for unprompted), and `index.html` for any other
 * page a browser opens (the client-side routes), never for the API paths. Without a build, `/`
 * says how to make one.
 */
export function editorStatic(distDir: string | undefined): Router {
  const routes = Router();
  if (!distDir) {
    routes.get('/', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The editor is not built. Run `pnpm start` (or `pnpm --filter @forms-engine/editor build`).');
    });
    return routes;
  }
  const index = join(distDir, 'index.html');
  // Vite names assets by content hash: cached for a year, immutable; compressed once, at build time.
  routes.use(
    '/assets',
    expressStaticGzip(join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: true },
    }),
  );
  routes.get('/favicon.ico', (_req, res, next) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').sendFile(join(distDir, 'favicon.svg'), (error) => {
      if (error && !res.headersSent) next();
    });
  });
  routes.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  const page: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path) || !asksForPage(req)) return next();
    // Asset URLs that do not exist are 404s, not the page (a stale tab must not get HTML for JS).
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  routes.use(page);
  return routes;
}
