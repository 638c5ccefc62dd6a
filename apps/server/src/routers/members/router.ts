import { router } from '../../trpc.ts';
import { changeRoleProcedure } from './change-role.ts';
import { inviteMemberProcedure } from './invite-member.ts';
import { listInvitesProcedure } from './list-invites.ts';
import { listMembersProcedure } from './list-members.ts';
import { removeMemberProcedure } from './remove-member.ts';
import { revokeInviteProcedure } from './revoke-invite.ts';

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  invites: listInvitesProcedure,
  revokeInvite: revokeInviteProcedure,
  changeRole: changeRoleProcedure,
  remove: removeMemberProcedure,
});
