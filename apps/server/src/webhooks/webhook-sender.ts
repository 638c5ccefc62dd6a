import type { Database, SqlQuery } from '@forms-engine/db';
import type { Logger } from '../logger.ts';
import { outcomeOf } from './attempt-outcome.ts';
import {
  type ClaimedDelivery,
  claimDue,
  countSealedElsewhere,
  nextDueInMs,
  recordOutcome,
  releaseLease,
  removeOldDeliveries,
} from './delivery-sql.ts';
import { type PostResult, postWebhook } from './post-webhook.ts';
import type { SecretBox } from './secret-box.ts';
import { signatureHeader } from './signature.ts';
import { type HostResolver, type TargetPolicy, targetPolicyOf } from './target-policy.ts';
import type { WebhookSettings } from './webhook-settings.ts';

/** Deliveries one process sends at the same time. */
const CONCURRENCY = 8;
/** Even with no NOTIFY heard (a dropped LISTEN connection), due deliveries are looked for this often. */
const MAX_IDLE_MS = 30_000;
/** After a database error, the next try. */
const ERROR_BACKOFF_MS = 5_000;
const RETENTION_SWEEP_MS = 3_600_000;
const USER_AGENT = 'FormsEngine-Webhooks/1';

export interface SenderParts {
  sql: SqlQuery;
  settings: WebhookSettings;
  secrets: SecretBox;
  policy: TargetPolicy;
  logger: Logger | undefined;
}

/**
 * Sends the outbox's deliveries from this process. A NOTIFY on `webhook_delivery` (raised as a
 * change with subscribers commits, in any process) wakes it at once; a timer wakes it when the
 * next retry is due. Claims are leases taken with SKIP LOCKED (delivery-sql.ts), so any number of
 * processes share the work without sending a delivery twice in normal operation.
 */
export class WebhookSender {
  private readonly inFlight = new Map<string, AbortController>();
  /** The sends under way, each until its outcome is written. */
  private readonly pendingSends = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Long enough for an attempt at its deadline plus writing its outcome. */
  private readonly leaseMs: number;

  constructor(private readonly parts: SenderParts) {
    this.leaseMs = parts.settings.timeoutMs * 2 + 5_000;
  }

  /** Listens, sends what is due, and keeps going until the returned function stops it. */
  async start(listen: Database['listen']): Promise<() => Promise<void>> {
    const stopListening = await listen('webhook_delivery', {
      onNotify: () => this.wake(),
      onReset: () => this.wake(),
    });
    this.wake();
    this.sweep();
    void this.warnOfOtherKeys();
    return async () => {
      this.stopped = true;
      clearTimeout(this.timer);
      clearTimeout(this.sweepTimer);
      await stopListening();
      await this.running;
      // Sends under way are cut; their deliveries go back to the outbox untried, for the next sender.
      for (const controller of this.inFlight.values()) controller.abort();
      await Promise.all([...this.pendingSends]);
    };
  }

  /** Looks for due deliveries now (or right after the look in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.claimAndSend().finally(() => {
      this.running = undefined;
      // A wake-up in the last ticks of that look (after its final check) would otherwise wait for the idle timer.
      if (this.again) this.wake();
    });
  }

  private async claimAndSend(): Promise<void> {
    try {
      const keyId = await this.parts.secrets.keyId();
      for (;;) {
        this.again = false;
        while (!this.stopped && this.inFlight.size < CONCURRENCY) {
          const free = CONCURRENCY - this.inFlight.size;
          const claimed = await claimDue(this.parts.sql, free, this.leaseMs, keyId);
          for (const delivery of claimed) this.send(delivery);
          if (claimed.length < free) break;
        }
        if (this.stopped) return;
        // While all slots are busy, each finished send wakes the sender; otherwise wait for what is due.
        const dueInMs = this.inFlight.size < CONCURRENCY ? await nextDueInMs(this.parts.sql, keyId) : undefined;
        // A wake-up that came meanwhile may be for a delivery this look did not see: look again.
        if (this.again) continue;
        this.schedule(Math.min(dueInMs ?? MAX_IDLE_MS, MAX_IDLE_MS));
        return;
      }
    } catch (error) {
      if (this.stopped) return;
      this.parts.logger?.error({ err: error }, 'webhook sender: could not claim deliveries');
      this.again = false; // the backoff stands: no tight loop against a database that is down
      this.schedule(ERROR_BACKOFF_MS);
    }
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(ms, 10));
    this.timer.unref();
  }

  private send(delivery: ClaimedDelivery) {
    const controller = new AbortController();
    this.inFlight.set(delivery.id, controller);
    const sending = this.attempt(delivery, controller.signal)
      .catch((error: unknown) =>
        this.parts.logger?.error({ err: error, deliveryId: delivery.id }, 'webhook sender: attempt not recorded'),
      )
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.pendingSends.delete(sending);
        this.wake();
      });
    this.pendingSends.add(sending);
  }

  private async attempt(delivery: ClaimedDelivery, signal: AbortSignal): Promise<void> {
    const { sql, settings, policy, logger } = this.parts;
    const body = JSON.stringify({
      type: delivery.event_type,
      timestamp: delivery.event_at,
      data: withoutNulls(delivery.event_data),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await this.sign(delivery, timestamp, body);
    const result: PostResult =
      signature === undefined
        ? { kind: 'failed', error: 'The signing secret could not be read; rotate the secret' }
        : await postWebhook({
            url: delivery.url,
            headers: {
              'content-type': 'application/json',
              'user-agent': USER_AGENT,
              'webhook-id': delivery.event_id,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': signature,
            },
            body,
            policy,
            signal,
          });
    if (signal.aborted) {
      await releaseLease(sql, delivery.id);
      return;
    }
    const outcome = outcomeOf(result, delivery.attempts + 1, settings.retryScheduleMs, new Date());
    await recordOutcome(sql, delivery.id, outcome);
    if (outcome.kind !== 'succeeded') {
      logger?.warn(
        { deliveryId: delivery.id, webhookId: delivery.webhook_id, outcome: outcome.kind, error: outcome.error },
        'webhook delivery attempt failed',
      );
    }
  }

  /** Says so when another process's key sealed some secrets: their deliveries wait for a process with that key. */
  private async warnOfOtherKeys() {
    try {
      const webhooks = await countSealedElsewhere(this.parts.sql, await this.parts.secrets.keyId());
      if (webhooks > 0) {
        this.parts.logger?.warn(
          { webhooks },
          'some webhook secrets were sealed with another key; give every process the same WEBHOOK_SECRET_KEY (or DATA_DIR)',
        );
      }
    } catch (error) {
      this.parts.logger?.error({ err: error }, 'webhook sender: could not check the secret keys');
    }
  }

  /** The signature header with the current secret (and the previous one during a rotation). */
  private async sign(delivery: ClaimedDelivery, timestamp: number, body: string): Promise<string | undefined> {
    const envelopes = [delivery.secret, delivery.previous_secret].filter((value): value is string => Boolean(value));
    try {
      const keys = await Promise.all(
        envelopes.map((envelope) => this.parts.secrets.open(envelope, delivery.webhook_id)),
      );
      return signatureHeader(keys, delivery.event_id, timestamp, body);
    } catch (error) {
      this.parts.logger?.error({ err: error, webhookId: delivery.webhook_id }, 'webhook secret could not be opened');
      return undefined;
    }
  }

  /** Removes deliveries past the retention now and every hour. */
  private sweep() {
    if (this.stopped) return;
    removeOldDeliveries(this.parts.sql, this.parts.settings.retentionMs)
      .catch((error: unknown) => this.parts.logger?.error({ err: error }, 'webhook sender: retention sweep failed'))
      .finally(() => {
        if (this.stopped) return;
        this.sweepTimer = setTimeout(() => this.sweep(), RETENTION_SWEEP_MS);
        this.sweepTimer.unref();
      });
  }
}

/** Unset optional fields are left out of payloads, as everywhere in the API (only at the top of `data`). */
function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

/** What the sender takes from the app's deps (which fit it as they are). */
export interface SenderDeps {
  sql: SqlQuery;
  config: { webhooks: WebhookSettings };
  webhookSecrets: SecretBox;
  resolveHost: HostResolver;
}

/** The sender of this process over the app's deps; resolves once listening, with its stop. */
export function startWebhookSender(deps: SenderDeps, listen: Database['listen'], logger?: Logger) {
  const sender = new WebhookSender({
    sql: deps.sql,
    settings: deps.config.webhooks,
    secrets: deps.webhookSecrets,
    policy: targetPolicyOf(deps.resolveHost, deps.config.webhooks),
    logger,
  });
  return sender.start(listen);
}
