import type { Prisma } from '@forms-engine/db';
import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from '@forms-engine/schema';
import { newId } from '../../lib/ids.ts';
import { utcIso } from '../../lib/utc-time.ts';
import type { Deps } from '../deps.ts';
import type { AuditContext } from './principal.ts';

export interface AuditRecord {
  action: AuditAction;
  target: { type: string; id: string | null; name?: string };
  details?: Record<string, unknown>;
}

/**
 * Writes one audit entry with `tx`, the transaction of the action itself: the entry exists
 * exactly when the action committed. No-op without an audit context (open mode).
 */
export async function writeAudit(
  tx: Prisma.TransactionClient,
  context: AuditContext | undefined,
  record: AuditRecord,
): Promise<void> {
  if (!context) return;
  await tx.auditEntry.create({
    data: {
      id: newId(),
      actorType: context.actor?.type ?? null,
      actorId: context.actor?.id ?? null,
      actorName: context.actor?.name ?? null,
      action: record.action,
      targetType: record.target.type,
      targetId: record.target.id,
      targetName: record.target.name ?? null,
      ip: context.ip ?? null,
      requestId: context.requestId || null,
      details: (record.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}

/**
 * Runs `work` and writes the entry `record` makes of its result in the same transaction. In open
 * mode (no context) `work` runs on the client as it always did, with no transaction added.
 */
export async function audited<T>(
  deps: Deps,
  context: AuditContext | undefined,
  work: (db: Prisma.TransactionClient) => Promise<T>,
  record: (result: T) => AuditRecord,
): Promise<T> {
  if (!context) return work(deps.prisma);
  return deps.prisma.$transaction(async (tx) => {
    const result = await work(tx);
    await writeAudit(tx, context, record(result));
    return result;
  });
}

/** How often a person's draft saves of one questionnaire are recorded: once per 10 minutes. */
const DRAFT_SAVE_EVERY_MS = 10 * 60_000;

/** Whether this actor's save of this questionnaire was recorded in the last 10 minutes. */
export async function draftSaveRecordedLately(
  tx: Prisma.TransactionClient,
  context: AuditContext,
  questionnaireId: string,
): Promise<boolean> {
  const recent = await tx.auditEntry.findFirst({
    where: {
      action: 'questionnaire.draft_save',
      actorId: context.actor?.id ?? null,
      targetId: questionnaireId,
      at: { gt: new Date(Date.now() - DRAFT_SAVE_EVERY_MS) },
    },
    select: { id: true },
  });
  return recent !== null;
}

/** One entry on its own, for a read whose action writes nothing else (CSV export, file download). */
export async function recordAudit(deps: Deps, context: AuditContext | undefined, record: AuditRecord): Promise<void> {
  if (!context) return;
  await deps.prisma.$transaction((tx) => writeAudit(tx, context, record));
}

type Row = Prisma.AuditEntryGetPayload<object>;

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    at: utcIso(row.at),
    actor:
      row.actorType && row.actorId
        ? { type: row.actorType as 'member' | 'apiKey' | 'token', id: row.actorId, name: row.actorName ?? '' }
        : null,
    action: row.action as AuditAction,
    target: { type: row.targetType, id: row.targetId, ...(row.targetName !== null && { name: row.targetName }) },
    ip: row.ip,
    requestId: row.requestId,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/** The log, newest first, by the filters given. */
export async function listAudit(deps: Deps, query: AuditQuery): Promise<AuditPage> {
  const where: Prisma.AuditEntryWhereInput = {
    ...(query.action && { action: query.action }),
    ...(query.actorId && { actorId: query.actorId }),
    ...(query.targetId && { targetId: query.targetId }),
    ...((query.from || query.to) && {
      at: { ...(query.from && { gte: new Date(query.from) }), ...(query.to && { lt: new Date(query.to) }) },
    }),
  };
  const [rows, total] = await Promise.all([
    deps.prisma.auditEntry.findMany({
      where,
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      skip: query.page * query.size,
      take: query.size,
    }),
    deps.prisma.auditEntry.count({ where }),
  ]);
  return { items: rows.map(toEntry), page: query.page, size: query.size, total };
}

/** Deletes the entries older than the retention; the only way an entry ever goes. */
export async function pruneAudit(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.auditRetentionDays * 86_400_000);
  const { count } = await deps.prisma.auditEntry.deleteMany({ where: { at: { lt: before } } });
  return count;
}
