import { router } from '../../trpc.ts';
import { listAuditProcedure } from './list-audit.ts';

export const auditRouter = router({ list: listAuditProcedure });
