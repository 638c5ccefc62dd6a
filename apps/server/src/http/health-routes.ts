import { Router } from 'express';
import type { Deps } from '../services/deps.ts';

/** Liveness (the process answers) and readiness (the database answers too), for orchestrators. */
export function healthRoutes(deps: Deps): Router {
  const routes = Router();
  routes.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  routes.get('/readyz', async (_req, res) => {
    try {
      await deps.prisma.$queryRaw`SELECT 1`;
      res.json({ status: 'ready' });
    } catch (error) {
      res.locals.log.warn({ err: error }, 'database not reachable');
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return routes;
}
