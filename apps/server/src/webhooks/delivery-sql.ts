import type { SqlQuery } from '@forms-engine/db';
import type { Outcome } from './attempt-outcome.ts';

/** A delivery a sender has claimed, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  /** Attempts made before this one. */
  attempts: number;
  event_id: string;
  event_type: string;
  event_data: Record<string, unknown>;
  /** ISO 8601, when the event happened. */
  event_at: string;
  webhook_id: string;
  url: string;
  secret: string;
  /** The secret before the last rotation, while it is still honoured. */
  previous_secret: string | null;
}

/**
 * Takes up to `limit` due deliveries for this process: PENDING, due, not leased by another
 * process, of an enabled webhook whose secret this process's key opens. `FOR UPDATE SKIP LOCKED`
 * lets senders claim side by side without waiting on or taking each other's rows; the lease
 * (`locked_until`) then keeps a claimed delivery away from them while it is being sent, and
 * hands it to whoever comes next if this process dies (at least once).
 */
export async function claimDue(sql: SqlQuery, limit: number, leaseMs: number, keyId: string) {
  return sql.query<ClaimedDelivery>(
    `UPDATE webhook_delivery d SET locked_until = now() + make_interval(secs => $2::double precision / 1000)
     FROM webhook_event e, webhook w
     WHERE d.id IN (
         SELECT c.id FROM webhook_delivery c JOIN webhook cw ON cw.id = c.webhook_id
         WHERE c.status = 'PENDING' AND c.next_attempt_at <= now()
           AND (c.locked_until IS NULL OR c.locked_until <= now())
           AND cw.enabled AND split_part(cw.secret, '.', 2) = $3
         ORDER BY c.next_attempt_at
         LIMIT $1
         FOR UPDATE OF c SKIP LOCKED)
       AND e.id = d.event_id AND w.id = d.webhook_id
     RETURNING d.id::text, d.attempts, e.id::text AS event_id, e.type AS event_type, e.data AS event_data,
       webhook_timestamp(e.created_at) AS event_at, w.id::text AS webhook_id, w.url, w.secret,
       CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS previous_secret`,
    [limit, leaseMs, keyId],
    'webhook-claim-due',
  );
}

/** Writes what one attempt came to and gives up the lease (on 410 also disables the webhook). */
export async function recordOutcome(sql: SqlQuery, deliveryId: string, outcome: Outcome): Promise<void> {
  if (outcome.kind === 'succeeded') {
    await sql.query(
      `UPDATE webhook_delivery SET status = 'SUCCEEDED', attempts = attempts + 1, last_status_code = $2,
         last_error = NULL, last_attempt_at = now(), next_attempt_at = NULL, locked_until = NULL
       WHERE id = $1::uuid`,
      [deliveryId, outcome.statusCode],
      'webhook-record-succeeded',
    );
  } else if (outcome.kind === 'gone') {
    await sql.query(
      `WITH ended AS (
         UPDATE webhook_delivery SET status = 'FAILED', attempts = attempts + 1, last_status_code = $2,
           last_error = $3, last_attempt_at = now(), next_attempt_at = NULL, locked_until = NULL
         WHERE id = $1::uuid RETURNING webhook_id)
       UPDATE webhook SET enabled = false, disabled_reason = $4, updated_at = now()
       WHERE id IN (SELECT webhook_id FROM ended)`,
      [deliveryId, outcome.statusCode, outcome.error, outcome.reason],
      'webhook-record-gone',
    );
  } else {
    await sql.query(
      `UPDATE webhook_delivery SET attempts = attempts + 1, last_status_code = $2, last_error = $3,
         last_attempt_at = now(), locked_until = NULL,
         status = CASE WHEN $4::double precision IS NULL THEN 'FAILED' ELSE 'PENDING' END::"WebhookDeliveryStatus",
         next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1::uuid`,
      [deliveryId, outcome.statusCode ?? null, outcome.error, outcome.waitMs ?? null],
      'webhook-record-retry',
    );
  }
}

/** Gives a claimed delivery back untried (the process is stopping): the next sender takes it at once. */
export async function releaseLease(sql: SqlQuery, deliveryId: string): Promise<void> {
  await sql.query(
    `UPDATE webhook_delivery SET locked_until = NULL WHERE id = $1::uuid AND status = 'PENDING'`,
    [deliveryId],
    'webhook-release-lease',
  );
}

/**
 * Milliseconds until this process's next delivery is due (0 if one is due now), or undefined when
 * nothing waits. Measured by the database's clock, which every process shares.
 */
export async function nextDueInMs(sql: SqlQuery, keyId: string): Promise<number | undefined> {
  const rows = await sql.query<{ ms: number | null }>(
    `SELECT greatest(0, extract(epoch FROM min(greatest(d.next_attempt_at, coalesce(d.locked_until, d.next_attempt_at))) - now()) * 1000)::float8 AS ms
     FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id
     WHERE d.status = 'PENDING' AND w.enabled AND split_part(w.secret, '.', 2) = $1`,
    [keyId],
    'webhook-next-due',
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? undefined : Number(ms);
}

/** Removes deliveries older than the retention, then events no delivery refers to any more. */
export async function removeOldDeliveries(sql: SqlQuery, retentionMs: number): Promise<void> {
  const cutoff = `now() - make_interval(secs => $1::double precision / 1000)`;
  await sql.query(`DELETE FROM webhook_delivery WHERE created_at < ${cutoff}`, [retentionMs]);
  await sql.query(
    `DELETE FROM webhook_event e WHERE e.created_at < ${cutoff}
       AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)`,
    [retentionMs],
  );
}

/** Webhooks whose secrets another key sealed: this process cannot sign for them (nor claims their deliveries). */
export async function countSealedElsewhere(sql: SqlQuery, keyId: string): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook WHERE split_part(secret, '.', 2) <> $1`,
    [keyId],
  );
  return rows[0]?.n ?? 0;
}
