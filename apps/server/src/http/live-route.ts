import type { Router } from 'express';
import type { LiveDocument } from '../cache/public-questionnaires.ts';
import type { Deps } from '../services/deps.ts';
import { liveDocument } from '../services/public-responses.ts';
import { PrecompressedBody, sendPrecompressed } from './precompressed.ts';

/**
 * The coded forms of each live document, kept as long as the document itself is (one per version
 * of the questionnaire's settings and definition): compressed once, not per request.
 */
const codedDocuments = new WeakMap<LiveDocument, PrecompressedBody>();

function precompressed(document: LiveDocument): PrecompressedBody {
  let coded = codedDocuments.get(document);
  if (!coded) {
    coded = new PrecompressedBody(document.body, document.etag);
    codedDocuments.set(document, coded);
  }
  return coded;
}

/**
 * GET /public/v1/questionnaires/:publicId/live (mounted under /public/v1), the most requested path: the body and its
 * strong ETag come serialised from memory (built once per change of the questionnaire), its
 * Brotli and gzip forms made once each, and a 304 costs no serialising, hashing or compressing at
 * all. The `public.live` procedure stays the contract (input, output, OpenAPI) and serves tRPC;
 * both call the same service.
 */
export function liveRoute(routes: Router, deps: Deps): void {
  routes.get('/questionnaires/:publicId/live', async (req, res) => {
    const publicId = String(req.params.publicId);
    const document = deps.publicQuestionnaires.peekLive(publicId) ?? (await liveDocument(deps, publicId));
    res.setHeader('Cache-Control', 'no-cache');
    await sendPrecompressed(req, res, precompressed(document), 'application/json; charset=utf-8');
  });
}
