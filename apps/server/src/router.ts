import { filesRouter } from './routers/files/router.ts';
import { geocodeProcedure } from './routers/geocode/geocode.ts';
import { getInstanceProcedure } from './routers/instance/get-instance.ts';
import { publicRouter } from './routers/public/router.ts';
import { questionnairesRouter } from './routers/questionnaires/router.ts';
import { responsesRouter } from './routers/responses/router.ts';
import { webhooksRouter } from './routers/webhooks/router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  questionnaires: questionnairesRouter,
  responses: responsesRouter,
  public: publicRouter,
  files: filesRouter,
  geocode: geocodeProcedure,
  webhooks: webhooksRouter,
  instance: getInstanceProcedure,
});

export type AppRouter = typeof appRouter;
