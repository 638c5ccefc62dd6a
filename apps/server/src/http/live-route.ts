import type { Router } from 'express';
import fresh from 'fresh';
import type { Deps } from '../services/deps.ts';
import { liveDocument } from '../services/public-responses.ts';

/**
 * GET /public/v1/questionnaires/:publicId/live (mounted under /public/v1), the most requested path: the body and its
 * strong ETag come serialised from memory (built once per change of the questionnaire), and a
 * 304 costs no serialising or hashing at all. The `public.live` procedure stays the contract
 * (input, output, OpenAPI) and serves tRPC; both call the same service.
 */
export function liveRoute(routes: Router, deps: Deps): void {
  routes.get('/questionnaires/:publicId/live', async (req, res) => {
    const publicId = String(req.params.publicId);
    const { body, etag } = deps.publicQuestionnaires.peekLive(publicId) ?? (await liveDocument(deps, publicId));
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    // Only If-None-Match counts: a request's Cache-Control is for caches (RFC 9111).
    if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', String(body.length));
    res.status(200).end(body);
  });
}
