import { router } from '../../trpc.ts';
import { acceptInviteProcedure } from './accept-invite.ts';
import { loginProcedure } from './login.ts';
import { logoutProcedure } from './logout.ts';
import { meProcedure } from './me.ts';
import { setupProcedure } from './setup.ts';
import { setupStatusProcedure } from './setup-status.ts';

/** Signing in and out, the first owner, accepting an invite: reachable without credentials. */
export const authRouter = router({
  setupStatus: setupStatusProcedure,
  setup: setupProcedure,
  login: loginProcedure,
  logout: logoutProcedure,
  me: meProcedure,
  acceptInvite: acceptInviteProcedure,
});
