import { router } from '../../trpc.ts';
import { changeRoleProcedure } from './change-role.ts';
import { inviteMemberProcedure } from './invite-member.ts';
import { listMembersProcedure } from './list-members.ts';
import { removeMemberProcedure } from './remove-member.ts';

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  changeRole: changeRoleProcedure,
  remove: removeMemberProcedure,
});
