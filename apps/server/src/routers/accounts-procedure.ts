import { AppError } from '../errors/app-error.ts';
import { procedure } from '../trpc.ts';

/**
 * The base of every accounts-mode procedure (auth, members, API keys, audit): in open mode they do
 * not exist, so they answer 404 before anything else is looked at (the editor reads that as "open").
 * In accounts mode the context always has its audit facts.
 */
export const accountsProcedure = procedure.use(({ ctx, next }) => {
  if (ctx.deps.config.authMode !== 'accounts' || !ctx.audit) {
    throw new AppError('NOT_FOUND', 'Accounts are not turned on on this server (AUTH_MODE is open)');
  }
  return next({ ctx: { audit: ctx.audit } });
});
