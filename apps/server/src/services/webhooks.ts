import type { Prisma, Webhook as WebhookRow } from '@forms-engine/db';
import type {
  CreatedWebhook,
  CreateWebhookRequest,
  PageQuery,
  PageResultWebhookDelivery,
  PatchWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookSecret,
} from '@forms-engine/schema';
import { AppError, notFound, validationFailed } from '../errors/app-error.ts';
import { isId, newId } from '../lib/ids.ts';
import { newWebhookSecret } from '../webhooks/secret-box.ts';
import { checkTarget, TargetRefusedError, targetPolicyOf } from '../webhooks/target-policy.ts';
import { type AuditRecord, audited } from './accounts/audit-log.ts';
import type { AuditContext } from './accounts/principal.ts';
import type { Deps } from './deps.ts';
import { findQuestionnaire } from './questionnaires.ts';

/** How long the secret before a rotation still signs (both signatures are sent meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    ...(row.description !== null && { description: row.description }),
    ...(row.disabledReason !== null && { disabledReason: row.disabledReason }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A 400 on the url field when the target is private or cannot be resolved. The field's sentence
 * is for the person adding the webhook; the detail also names the setting for an administrator.
 */
async function checkUrl(deps: Deps, url: string): Promise<void> {
  try {
    await checkTarget(url, targetPolicyOf(deps.resolveHost, deps.config.webhooks));
  } catch (error) {
    if (!(error instanceof TargetRefusedError)) throw error;
    const setting = error.privateAddress ? ' The setting: WEBHOOK_ALLOW_PRIVATE_TARGETS=true.' : '';
    throw validationFailed(`The webhook URL is refused: ${error.message}${setting}`, [
      { path: 'url', message: error.message },
    ]);
  }
}

async function findWebhook(deps: Deps, questionnaireId: string, webhookId: string): Promise<WebhookRow> {
  await findQuestionnaire(deps.prisma, questionnaireId);
  const row = isId(webhookId)
    ? await deps.prisma.webhook.findFirst({ where: { id: webhookId, questionnaireId } })
    : null;
  if (!row) throw notFound('Webhook');
  return row;
}

/** A webhook's entry targets its questionnaire, named, so a line reads "… changed a webhook of “Volunteers”". */
const webhookRecord = (
  action: AuditRecord['action'],
  questionnaireName: string | undefined,
  questionnaireId: string,
  webhookId: string,
  details: Record<string, unknown>,
): AuditRecord => ({
  action,
  target: {
    type: 'questionnaire',
    id: questionnaireId,
    ...(questionnaireName !== undefined && { name: questionnaireName }),
  },
  details: { webhookId, ...details },
});

/** The questionnaire's name for an audit entry; not looked up in open mode. */
const questionnaireName = async (deps: Deps, id: string, audit: AuditContext | undefined) =>
  audit ? (await findQuestionnaire(deps.prisma, id)).name : undefined;

const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

export async function listWebhooks(deps: Deps, questionnaireId: string): Promise<Webhook[]> {
  await findQuestionnaire(deps.prisma, questionnaireId);
  const rows = await deps.prisma.webhook.findMany({
    where: { questionnaireId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toWebhook);
}

export async function createWebhook(
  deps: Deps,
  questionnaireId: string,
  input: CreateWebhookRequest,
  audit?: AuditContext,
): Promise<CreatedWebhook> {
  const questionnaire = await findQuestionnaire(deps.prisma, questionnaireId);
  await checkUrl(deps, input.url);
  const id = newId();
  const secret = newWebhookSecret();
  const sealed = await deps.webhookSecrets.seal(secret, id);
  const create = (db: Prisma.TransactionClient) =>
    db.webhook.create({
      data: {
        id,
        questionnaireId,
        url: input.url,
        events: input.events,
        enabled: input.enabled ?? true,
        description: emptyToNull(input.description) ?? null,
        secret: sealed,
      },
    });
  const row = await audited(deps, audit, create, () =>
    webhookRecord('webhook.create', questionnaire.name, questionnaireId, id, { url: input.url, events: input.events }),
  );
  return { ...toWebhook(row), secret };
}

export async function getWebhook(deps: Deps, questionnaireId: string, webhookId: string): Promise<Webhook> {
  return toWebhook(await findWebhook(deps, questionnaireId, webhookId));
}

/** Changes what is given; enabling clears the reason the service disabled it for. */
export async function patchWebhook(
  deps: Deps,
  questionnaireId: string,
  webhookId: string,
  patch: PatchWebhookRequest,
  audit?: AuditContext,
): Promise<Webhook> {
  const current = await findWebhook(deps, questionnaireId, webhookId);
  if (Object.values(patch).every((value) => value === undefined)) return toWebhook(current);
  if (patch.url !== undefined) await checkUrl(deps, patch.url);
  const changed = Object.keys(patch).filter((key) => patch[key as keyof PatchWebhookRequest] !== undefined);
  const name = await questionnaireName(deps, questionnaireId, audit);
  const update = (db: Prisma.TransactionClient) =>
    db.webhook.update({
      where: { id: webhookId },
      data: {
        ...(patch.url !== undefined && { url: patch.url }),
        ...(patch.events !== undefined && { events: patch.events }),
        ...(patch.description !== undefined && { description: emptyToNull(patch.description) }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled }),
        ...(patch.enabled === true && { disabledReason: null }),
        updatedAt: new Date(),
      },
    });
  const row = await audited(deps, audit, update, () =>
    webhookRecord('webhook.update', name, questionnaireId, webhookId, { changed }),
  );
  return toWebhook(row);
}

/** The webhook and its delivery log go; events other webhooks still deliver stay. */
export async function deleteWebhook(
  deps: Deps,
  questionnaireId: string,
  webhookId: string,
  audit?: AuditContext,
): Promise<void> {
  const row = await findWebhook(deps, questionnaireId, webhookId);
  const name = await questionnaireName(deps, questionnaireId, audit);
  await audited(
    deps,
    audit,
    (db) => db.webhook.deleteMany({ where: { id: webhookId, questionnaireId } }),
    () => webhookRecord('webhook.delete', name, questionnaireId, webhookId, { url: row.url }),
  );
}

/** A new secret; the one it replaces keeps signing (as a second signature) for 24 hours. */
export async function rotateWebhookSecret(
  deps: Deps,
  questionnaireId: string,
  webhookId: string,
  audit?: AuditContext,
): Promise<WebhookSecret> {
  const row = await findWebhook(deps, questionnaireId, webhookId);
  const secret = newWebhookSecret();
  const now = new Date();
  const sealed = await deps.webhookSecrets.seal(secret, webhookId);
  const name = await questionnaireName(deps, questionnaireId, audit);
  await audited(
    deps,
    audit,
    (db) =>
      db.webhook.update({
        where: { id: webhookId },
        data: {
          secret: sealed,
          previousSecret: row.secret,
          previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
          updatedAt: now,
        },
      }),
    () => webhookRecord('webhook.rotate_secret', name, questionnaireId, webhookId, {}),
  );
  return { secret };
}

/** Events raised while a webhook is disabled are never sent to it: test sends and redeliveries neither. */
function assertEnabled(row: WebhookRow) {
  if (!row.enabled) throw new AppError('CONFLICT', 'The webhook is disabled; enable it to send to it');
}

/** A `webhook.test` event for this webhook alone, sent like any other. */
export async function sendTestEvent(deps: Deps, questionnaireId: string, webhookId: string) {
  const row = await findWebhook(deps, questionnaireId, webhookId);
  assertEnabled(row);
  const rows = await deps.sql.query<{ id: string }>(
    `WITH event AS (
       INSERT INTO webhook_event (id, questionnaire_id, type, data)
       VALUES (gen_random_uuid(), $1::uuid, 'webhook.test', json_build_object('questionnaireId', $1::text, 'webhookId', $2::text))
       RETURNING id)
     INSERT INTO webhook_delivery (id, event_id, webhook_id, next_attempt_at)
     SELECT gen_random_uuid(), event.id, $2::uuid, now() FROM event
     RETURNING id::text`,
    [questionnaireId, webhookId],
  );
  return { deliveryId: (rows[0] as { id: string }).id };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: WebhookDeliveryEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    ...(row.last_status_code !== null && { lastStatusCode: row.last_status_code }),
    ...(row.last_error !== null && { lastError: row.last_error }),
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.last_attempt_at !== null && { lastAttemptAt: new Date(row.last_attempt_at).toISOString() }),
    ...(row.next_attempt_at !== null &&
      row.status === 'PENDING' && { nextAttemptAt: new Date(row.next_attempt_at).toISOString() }),
  };
}

/** The webhook's delivery log, newest first. */
export async function listDeliveries(
  deps: Deps,
  questionnaireId: string,
  webhookId: string,
  page: PageQuery,
): Promise<PageResultWebhookDelivery> {
  await findWebhook(deps, questionnaireId, webhookId);
  const [rows, counts] = await Promise.all([
    deps.sql.query<DeliveryRow>(
      `SELECT d.id::text, d.event_id::text, e.type AS event_type, d.status::text, d.attempts, d.last_status_code,
         d.last_error, d.created_at, d.last_attempt_at, d.next_attempt_at
       FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
       WHERE d.webhook_id = $1::uuid
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT $2 OFFSET $3`,
      [webhookId, page.size, page.page * page.size],
      'webhook-deliveries-page',
    ),
    deps.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_delivery WHERE webhook_id = $1::uuid',
      [webhookId],
      'webhook-deliveries-count',
    ),
  ]);
  return { items: rows.map(toDelivery), page: page.page, size: page.size, total: counts[0]?.n ?? 0 };
}

/** A new delivery of the same event (same `webhook-id`), sent now. */
export async function redeliver(deps: Deps, questionnaireId: string, webhookId: string, deliveryId: string) {
  const row = await findWebhook(deps, questionnaireId, webhookId);
  const original = isId(deliveryId)
    ? await deps.prisma.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId }, select: { eventId: true } })
    : null;
  if (!original) throw notFound('Delivery');
  assertEnabled(row);
  const rows = await deps.sql.query<{ id: string }>(
    `INSERT INTO webhook_delivery (id, event_id, webhook_id, next_attempt_at)
     SELECT gen_random_uuid(), e.id, w.id, now() FROM webhook_event e, webhook w
     WHERE e.id = $1::uuid AND w.id = $2::uuid
     RETURNING id::text`,
    [original.eventId, webhookId],
  );
  // Erased (or deleted) in the meantime.
  if (!rows[0]) throw notFound('Delivery');
  return { deliveryId: rows[0].id };
}
