import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { createContextFactory } from './context.ts';
import { MANAGEMENT_API, PUBLIC_API } from './http/api-prefixes.ts';
import { editorStatic, findEditorDist } from './http/editor-static.ts';
import { embedScriptOpenApiPaths } from './http/embed-script-openapi.ts';
import { embedScriptRoute } from './http/embed-script-route.ts';
import { filesOpenApiPaths } from './http/files-openapi.ts';
import { downloadRoute, uploadRoute } from './http/files-routes.ts';
import { healthOpenApiPaths } from './http/health-openapi.ts';
import { healthRoutes } from './http/health-routes.ts';
import { jsonBody, trpcQueryInput } from './http/json-body.ts';
import { liveRoute } from './http/live-route.ts';
import { errorHandler, notFoundHandler } from './http/problem-response.ts';
import { publicOrigins } from './http/public-origins.ts';
import { applyRateLimits } from './http/rate-limits.ts';
import { requestContext } from './http/request-context.ts';
import { requestTarget } from './http/request-target.ts';
import { requireManagementToken } from './http/require-management-token.ts';
import { responsesCsvPaths } from './http/responses-csv-openapi.ts';
import { responsesCsvRoute } from './http/responses-csv-route.ts';
import { restAdapter } from './http/rest-adapter.ts';
import { strongEtag } from './http/strong-etag.ts';
import type { Logger } from './logger.ts';
import { allowedMethodsOf } from './openapi/allowed-methods.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { appRouter } from './router.ts';
import type { Deps } from './services/deps.ts';

export interface AppOptions {
  deps: Deps;
  logger: Logger;
}

/**
 * The whole HTTP surface: health, docs, /trpc for the editor, the management and public REST
 * APIs (each one router, so a request walks only its own API's layers), one error handler.
 */
export function createApp({ deps, logger }: AppOptions): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  app.use(requestContext(logger));
  // Before any routing: one reading of the path for every layer, and no unstorable query strings.
  app.use(requestTarget);

  const createContext = createContextFactory(deps);
  const guard = requireManagementToken(config.managementToken);
  const json = jsonBody(config.jsonBodyLimitBytes, config.http.bodyTimeoutMs);
  const rest = restAdapter(appRouter, createContext);

  // The public API first: it takes the most requests, so they pass the fewest layers.
  const publicApi = Router();
  applyRateLimits(publicApi, config.rateLimits);
  publicApi.use(publicOrigins(deps), json);
  // Routes added to this router, not routers of their own: each nested router costs every request.
  liveRoute(publicApi, deps);
  uploadRoute(publicApi, deps);
  publicApi.use(rest);
  app.use(PUBLIC_API, publicApi);

  app.use(healthRoutes(deps));
  app.use(embedScriptRoute());

  const document = buildOpenApiDocument({
    router: appRouter,
    extraPaths: { ...healthOpenApiPaths, ...embedScriptOpenApiPaths, ...responsesCsvPaths, ...filesOpenApiPaths },
    config,
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(undefined, { swaggerOptions: { url: '/openapi.json' } }));

  app.use(
    '/trpc',
    guard,
    json,
    trpcQueryInput,
    createExpressMiddleware({ router: appRouter, createContext, maxBodySize: config.jsonBodyLimitBytes }),
  );

  const managementApi = Router();
  managementApi.use(guard, json);
  managementApi.get('/questionnaires/:id/versions/:n', strongEtag);
  responsesCsvRoute(managementApi, deps);
  downloadRoute(managementApi, deps);
  managementApi.use(rest);
  app.use(MANAGEMENT_API, managementApi);

  // Last before the 404s: the editor's pages never shadow an API path.
  app.use(editorStatic(findEditorDist(config.editorDistDir)));

  app.use(notFoundHandler(allowedMethodsOf(document)));
  app.use(errorHandler);
  return app;
}
