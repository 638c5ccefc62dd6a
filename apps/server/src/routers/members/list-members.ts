import { MemberList } from '@forms-engine/schema';
import { z } from 'zod';
import { listMembers } from '../../services/accounts/members.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const listMembersProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/members',
      tags: ['Members'],
      summary: 'List the members, oldest first',
      description: 'Owners only.',
    },
  })
  .input(z.void())
  .output(MemberList)
  .query(({ ctx }) => listMembers(ctx.deps));
