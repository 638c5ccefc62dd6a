import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { createContextFactory } from './context.ts';
import { toProblem } from './errors/problem.ts';
import { MANAGEMENT_API, PUBLIC_API } from './http/api-prefixes.ts';
import { compressResponses } from './http/compression.ts';
import { editorStatic, findEditorDist } from './http/editor-static.ts';
import { embedScriptOpenApiPaths } from './http/embed-script-openapi.ts';
import { embedScriptRoute } from './http/embed-script-route.ts';
import { filesOpenApiPaths } from './http/files-openapi.ts';
import { downloadRoute, uploadRoute } from './http/files-routes.ts';
import { healthOpenApiPaths } from './http/health-openapi.ts';
import { healthRoutes } from './http/health-routes.ts';
import { jsonBody, trpcQueryInput } from './http/json-body.ts';
import { liveRoute } from './http/live-route.ts';
import { managementAccess, openDoor } from './http/management-access.ts';
import { errorHandler, logFailure, notFoundHandler, trpcOutageMeta } from './http/problem-response.ts';
import { publicOrigins } from './http/public-origins.ts';
import { applyRateLimits } from './http/rate-limits.ts';
import { requestContext } from './http/request-context.ts';
import { requestTarget } from './http/request-target.ts';
import { responsesCsvPaths } from './http/responses-csv-openapi.ts';
import { responsesCsvRoute } from './http/responses-csv-route.ts';
import { restAdapter } from './http/rest-adapter.ts';
import { strongEtag } from './http/strong-etag.ts';
import type { Logger } from './logger.ts';
import { allowedMethodsOf } from './openapi/allowed-methods.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { documentFor, type Surface } from './openapi/surfaces.ts';
import { appRouter } from './router.ts';
import type { Deps } from './services/deps.ts';

export interface AppOptions {
  deps: Deps;
  logger: Logger;
  /**
   * What this app serves: `all` (one port); or, with MANAGEMENT_PORT, `public` (public API, embed
   * script, health, the public API's document) and `management` (management API, /trpc, /docs,
   * the editor, health) on two ports. Every other path is a 404 there.
   */
  surface?: Surface;
}

/**
 * The whole HTTP surface: health, docs, /trpc for the editor, the management and public REST
 * APIs (each one router, so a request walks only its own API's layers), one error handler.
 */
export function createApp({ deps, logger, surface = 'all' }: AppOptions): Express {
  const { config } = deps;
  const app = express();
  // The parts of a surface this app does not serve are mounted on a router that nothing mounts.
  const onPublic = surface === 'management' ? Router() : app;
  const onManagement = surface === 'public' ? Router() : app;
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  app.use(requestContext(logger));
  // Before any routing: one reading of the path for every layer, and no unstorable query strings.
  app.use(requestTarget);

  const createContext = createContextFactory(deps);
  const json = jsonBody(config.jsonBodyLimitBytes, config.http.bodyTimeoutMs);
  const rest = restAdapter(appRouter, createContext);

  // The public API first: it takes the most requests, so they pass the fewest layers.
  const publicApi = Router();
  // Origins (CORS) before the limits: a 429 must be readable by the embed on another origin.
  publicApi.use(publicOrigins(deps));
  applyRateLimits(publicApi, config.rateLimits, deps.rateLimitCounters);
  publicApi.use(json);
  // Routes added to this router, not routers of their own: each nested router costs every request.
  liveRoute(publicApi, deps);
  // Brotli or gzip by Accept-Encoding for text and JSON of 1 KB and more; after `live`, which sends
  // its own coded bytes, so the hottest path does not pass through it.
  publicApi.use(compressResponses());
  uploadRoute(publicApi, deps);
  publicApi.use(rest);
  onPublic.use(PUBLIC_API, publicApi);

  app.use(healthRoutes(deps));
  onPublic.use(embedScriptRoute());
  // Everything after this compresses as the public API does (the embed script is coded once, above).
  app.use(compressResponses());

  const fullDocument = buildOpenApiDocument({
    router: appRouter,
    extraPaths: { ...healthOpenApiPaths, ...embedScriptOpenApiPaths, ...responsesCsvPaths, ...filesOpenApiPaths },
    config,
  });
  const document = documentFor(fullDocument, surface);
  // Accounts mode: the management API's document and docs are for signed-in callers too; the
  // public surface's own document stays open.
  const pageGuard = surface === 'public' ? openDoor : managementAccess(deps, 'page');
  app.get('/openapi.json', pageGuard, (_req, res) => {
    res.json(document);
  });
  onManagement.use(
    '/docs',
    pageGuard,
    swaggerUi.serve,
    swaggerUi.setup(undefined, { swaggerOptions: { url: '/openapi.json' } }),
  );

  onManagement.use(
    '/trpc',
    managementAccess(deps, 'trpc'),
    json,
    trpcQueryInput,
    createExpressMiddleware({
      router: appRouter,
      createContext,
      maxBodySize: config.jsonBodyLimitBytes,
      responseMeta: trpcOutageMeta,
      // Failures logged as the REST path logs them (one line with the request id for a bug; an
      // outage once): tRPC answers them itself, so they never reach the error handler.
      onError: ({ error, req }) => {
        if (req.res) logFailure(error, toProblem(error), req.res);
      },
    }),
  );

  const managementApi = Router();
  managementApi.use(managementAccess(deps, 'rest'), json);
  managementApi.get('/questionnaires/:id/versions/:n', strongEtag);
  responsesCsvRoute(managementApi, deps);
  downloadRoute(managementApi, deps);
  managementApi.use(rest);
  onManagement.use(MANAGEMENT_API, managementApi);

  // Last before the 404s: the editor's pages never shadow an API path.
  onManagement.use(editorStatic(findEditorDist(config.editorDistDir)));

  app.use(notFoundHandler(allowedMethodsOf(document)));
  app.use(errorHandler);
  return app;
}
