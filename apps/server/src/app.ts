import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import swaggerUi from 'swagger-ui-express';
import { createContextFactory } from './context.ts';
import { canonicalTarget } from './http/canonical-target.ts';
import { filesOpenApiPaths } from './http/files-openapi.ts';
import { filesRoutes } from './http/files-routes.ts';
import { jsonBody, trpcQueryInput } from './http/json-body.ts';
import { openApiHandler } from './http/openapi-handler.ts';
import { errorHandler, notFoundHandler } from './http/problem-response.ts';
import { publicOrigins } from './http/public-origins.ts';
import { applyRateLimits } from './http/rate-limits.ts';
import { requestContext } from './http/request-context.ts';
import { requireManagementToken } from './http/require-management-token.ts';
import { responsesCsvPaths } from './http/responses-csv-openapi.ts';
import { responsesCsvRoute } from './http/responses-csv-route.ts';
import { safeQuery } from './http/safe-query.ts';
import { strongEtag } from './http/strong-etag.ts';
import type { Logger } from './logger.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { appRouter } from './router.ts';
import type { Deps } from './services/deps.ts';

export interface AppOptions {
  deps: Deps;
  logger: Logger;
}

/** The whole HTTP surface: health, docs, /trpc for the editor, REST for everyone else, one error handler. */
export function createApp({ deps, logger }: AppOptions): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  app.use(requestContext(logger));
  app.use(canonicalTarget);
  app.use(safeQuery);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await deps.prisma.$queryRaw`SELECT 1`;
      res.json({ status: 'ready' });
    } catch (error) {
      res.locals.log.warn({ err: error }, 'database not reachable');
      res.status(503).json({ status: 'unavailable' });
    }
  });

  const document = buildOpenApiDocument({
    router: appRouter,
    extraPaths: { ...responsesCsvPaths, ...filesOpenApiPaths },
    managementTokenRequired: Boolean(config.managementToken),
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(undefined, { swaggerOptions: { url: '/openapi.json' } }));

  const createContext = createContextFactory(deps);
  const guard = requireManagementToken(config.managementToken);
  app.use('/api/v1', guard);
  const json = jsonBody(config.jsonBodyLimitBytes, config.http.bodyTimeoutMs);
  app.use(
    '/trpc',
    guard,
    json,
    trpcQueryInput,
    createExpressMiddleware({ router: appRouter, createContext, maxBodySize: config.jsonBodyLimitBytes }),
  );

  app.use(responsesCsvRoute(deps));
  applyRateLimits(app, config.rateLimits);
  app.use('/public/v1', publicOrigins(deps));
  app.get('/public/v1/questionnaires/:publicId/live', strongEtag);

  app.use(['/api/v1', '/public/v1'], json);
  app.use(filesRoutes(deps));
  app.use(openApiHandler({ router: appRouter, createContext, maxBodySize: config.jsonBodyLimitBytes }));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
