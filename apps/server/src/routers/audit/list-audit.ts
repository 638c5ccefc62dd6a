import { AuditPage, AuditQuery } from '@forms-engine/schema';
import { listAudit } from '../../services/accounts/audit-log.ts';
import { accountsProcedure } from '../accounts-procedure.ts';

export const listAuditProcedure = accountsProcedure
  .meta({
    role: 'OWNER',
    errors: [],
    openapi: {
      method: 'GET',
      path: '/api/v1/audit',
      tags: ['Audit'],
      summary: 'The audit log, newest first, filtered',
      description:
        'Entries are never changed or deleted by any route; they are pruned after AUDIT_RETENTION_DAYS. Owners only.',
    },
  })
  .input(AuditQuery)
  .output(AuditPage)
  .query(({ ctx, input }) => listAudit(ctx.deps, input));
