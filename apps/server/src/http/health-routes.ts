import { Router } from 'express';
import type { Deps } from '../services/deps.ts';
import { RETRY_AFTER_SECONDS } from './problem-response.ts';

/** Liveness (the process answers) and readiness (the database answers too), for orchestrators. */
export function healthRoutes(deps: Deps): Router {
  const routes = Router();
  routes.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  routes.get('/readyz', async (_req, res) => {
    try {
      await deps.prisma.$queryRaw`SELECT 1`;
      res.locals.outages.recovered('database');
      res.json({ status: 'ready' });
    } catch (error) {
      // Once per outage, not once per probe (an orchestrator asks every few seconds).
      res.locals.outages.failed('database', error);
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return routes;
}
