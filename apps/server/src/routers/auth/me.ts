import { Me } from '@forms-engine/schema';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const meProcedure = accountsProcedure
  .meta({
    errors: ['UNAUTHORIZED'],
    openapi: {
      method: 'GET',
      path: '/api/v1/auth/me',
      tags: ['Auth'],
      summary: 'The member signed in with this session',
      description: '401 when signed out (or when called with an API key, which is no member).',
    },
  })
  .input(z.void())
  .output(Me)
  .query(({ ctx }) => {
    const principal = ctx.principal;
    if (principal?.type !== 'member') throw new AppError('UNAUTHORIZED', 'Not signed in');
    return { id: principal.id, email: principal.email, name: principal.name, role: principal.role };
  });
