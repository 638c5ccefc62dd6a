import { questionnairesRouter } from './routers/questionnaires/router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  questionnaires: questionnairesRouter,
});

export type AppRouter = typeof appRouter;
