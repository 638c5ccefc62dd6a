import { ChangeRoleRequest, Id, Member } from '@forms-engine/schema';
import { changeRole } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const changeRoleProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: ['NOT_FOUND', 'LAST_OWNER'],
    openapi: {
      method: 'PATCH',
      path: '/api/v1/members/{id}',
      tags: ['Members'],
      summary: "Change a member's role (their sessions end)",
      description: 'The last owner cannot be demoted (409 LAST_OWNER). Owners only.',
    },
  })
  .input(ChangeRoleRequest.extend({ id: Id }))
  .output(Member)
  .mutation(({ ctx, input }) => changeRole(ctx.deps, input.id, input.role, ctx.audit));
