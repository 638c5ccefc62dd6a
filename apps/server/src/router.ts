import { apiKeysRouter } from './routers/api-keys/router.ts';
import { auditRouter } from './routers/audit/router.ts';
import { authRouter } from './routers/auth/router.ts';
import { filesRouter } from './routers/files/router.ts';
import { geocodeProcedure } from './routers/geocode/geocode.ts';
import { getInstanceProcedure } from './routers/instance/get-instance.ts';
import { membersRouter } from './routers/members/router.ts';
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
  auth: authRouter,
  members: membersRouter,
  apiKeys: apiKeysRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
