import { isId } from '../lib/ids.ts';
import type { Logger } from '../logger.ts';
import { fileKey } from '../storage/file-storage.ts';
import type { Deps } from './deps.ts';

const BATCH = 500;
/** Advisory lock key of the sweeper (the migration runner's is 72707369); per database. */
const SWEEP_LOCK = 72_707_370;
/** The lock is held by a transaction for the sweep's length: never cut before ten minutes. */
const MIN_LOCK_HOLD_MS = 600_000;

export type SweepDeps = Pick<Deps, 'prisma' | 'config' | 'storage'>;
export type SweeperDeps = SweepDeps & Pick<Deps, 'databaseKind'>;

export interface SweepResult {
  /** STORED files first seen unreferenced in this sweep. */
  marked: number;
  /** Files referenced again whose mark was cleared. */
  cleared: number;
  /** Unreferenced longer than the grace period: row and bytes deleted. */
  orphansDeleted: number;
  /** PENDING rows of uploads that died, with their bytes. */
  stalePendingDeleted: number;
  /** Bytes on disk without a row (a crash between row delete and byte removal). */
  strayBytesDeleted: number;
  /** Temporary files of interrupted writes. */
  temporariesDeleted: number;
}

interface DeletedRow {
  id: string;
  questionnaire_id: string;
  response_id: string;
}

/**
 * One pass of the file sweeper. Safe with several server processes: every deletion is a
 * row-level `DELETE ... RETURNING` over rows picked `FOR UPDATE SKIP LOCKED`, so each row (and
 * so its bytes) is handled by exactly one sweeper; marking and clearing are idempotent updates.
 * The orphan check locks the response row too, so a concurrent answers PATCH either lands
 * first (and the re-checked row keeps the file) or waits for the deletion.
 *
 * A file is referenced when any value in its response's answers is an object whose `fileId`
 * is the file's id (a FILE_UPLOAD answer is an array of FileReference). Responses themselves
 * are never deleted here. `now` is injectable so tests need not wait for the grace period.
 */
export async function sweepFiles(deps: SweepDeps, now: Date = new Date()): Promise<SweepResult> {
  const { prisma, storage } = deps;
  const graceCutoff = new Date(now.getTime() - deps.config.orphanFiles.graceSeconds * 1000);
  const staleCutoff = new Date(now.getTime() - deps.config.orphanFiles.pendingStaleMs);

  const cleared = await prisma.$executeRaw`
    UPDATE stored_file f SET unreferenced_since = NULL
    FROM response r
    WHERE r.id = f.response_id AND f.unreferenced_since IS NOT NULL
      AND jsonb_path_exists(r.answers, '$.** ? (@.fileId == $id)', jsonb_build_object('id', f.id::text))`;

  const marked = await prisma.$executeRaw`
    UPDATE stored_file f SET unreferenced_since = ${now}
    FROM response r
    WHERE r.id = f.response_id AND f.state = 'STORED' AND f.unreferenced_since IS NULL
      AND NOT jsonb_path_exists(r.answers, '$.** ? (@.fileId == $id)', jsonb_build_object('id', f.id::text))`;

  let orphansDeleted = 0;
  for (;;) {
    const rows = await prisma.$queryRaw<DeletedRow[]>`
      DELETE FROM stored_file WHERE id IN (
        SELECT f.id FROM stored_file f JOIN response r ON r.id = f.response_id
        WHERE f.state = 'STORED' AND f.unreferenced_since <= ${graceCutoff}
          AND NOT jsonb_path_exists(r.answers, '$.** ? (@.fileId == $id)', jsonb_build_object('id', f.id::text))
        LIMIT ${BATCH}
        FOR UPDATE OF f, r SKIP LOCKED)
      RETURNING id::text, questionnaire_id::text, response_id::text`;
    await removeBytes(deps, rows);
    orphansDeleted += rows.length;
    if (rows.length < BATCH) break;
  }

  let stalePendingDeleted = 0;
  for (;;) {
    const rows = await prisma.$queryRaw<DeletedRow[]>`
      DELETE FROM stored_file WHERE id IN (
        SELECT id FROM stored_file
        WHERE state = 'PENDING' AND created_at < ${staleCutoff}
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id::text, questionnaire_id::text, response_id::text`;
    await removeBytes(deps, rows);
    stalePendingDeleted += rows.length;
    if (rows.length < BATCH) break;
  }

  // Bytes without a row. A row is always inserted before its bytes are written and deleted
  // before they are removed, so a key whose row is missing can only be left over; like an
  // unreferenced file, it goes once it is older than the grace period.
  let strayBytesDeleted = 0;
  let batch: { key: string; fileId: string }[] = [];
  const flush = async () => {
    const ids = batch.map((entry) => entry.fileId);
    const known = new Set(
      (await prisma.storedFile.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((row) => row.id),
    );
    for (const entry of batch) {
      if (known.has(entry.fileId)) continue;
      await storage.remove(entry.key);
      strayBytesDeleted++;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    const segments = object.key.split('/');
    const fileId = segments[2];
    if (segments.length !== 3 || !segments.every(isId) || !fileId || object.modifiedAt > graceCutoff) continue;
    batch.push({ key: object.key, fileId: fileId.toLowerCase() });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  const temporariesDeleted = await storage.tidy(staleCutoff);

  return { marked, cleared, orphansDeleted, stalePendingDeleted, strayBytesDeleted, temporariesDeleted };
}

async function removeBytes(deps: SweepDeps, rows: DeletedRow[]) {
  for (const row of rows) await deps.storage.remove(fileKey(row.questionnaire_id, row.response_id, row.id));
}

/**
 * One sweep, unless another process of the deployment is sweeping right now (then undefined):
 * on Postgres the sweep runs under a transaction-scoped advisory lock that only one process can
 * take. Sweeping twice at once would still be correct (see `sweepFiles`), only wasted work: N
 * processes would each list the whole store. PGlite has one process and one connection: no lock.
 */
export async function sweepFilesOnce(deps: SweeperDeps, now?: Date): Promise<SweepResult | undefined> {
  if (deps.databaseKind !== 'postgres') return sweepFiles(deps, now);
  const holdMs = Math.max(deps.config.orphanFiles.sweepIntervalSeconds * 1000, MIN_LOCK_HOLD_MS);
  return deps.prisma.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}::bigint) AS taken`;
      // The sweep itself runs on other connections; this transaction only holds the lock.
      return lock?.taken ? sweepFiles(deps, now) : undefined;
    },
    { timeout: holdMs },
  );
}

/**
 * Runs `sweepFilesOnce` now and every `orphanFiles.sweepIntervalSeconds`; a failing sweep is
 * logged and retried at the next tick. Returns a stop function that waits for a running sweep.
 */
export function startFileSweeper(deps: SweeperDeps, logger: Logger): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepFilesOnce(deps)
      .then((result) => {
        if (!result) return logger.debug('file sweep skipped: another process is sweeping');
        const worked = Object.values(result).some((count) => count > 0);
        if (worked) logger.info({ sweep: result }, 'file sweep');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'file sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, deps.config.orphanFiles.sweepIntervalSeconds * 1000);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
