import type { Prisma } from '@forms-engine/db';
import type { ApiKeyCreated, ApiKeyList, ApiKeySummary, CreateApiKeyRequest } from '@forms-engine/schema';
import { notFound, validationFailed } from '../../errors/app-error.ts';
import { isId, newId } from '../../lib/ids.ts';
import { utcIso } from '../../lib/utc-time.ts';
import type { Deps } from '../deps.ts';
import { writeAudit } from './audit-log.ts';
import type { AuditContext, Principal } from './principal.ts';
import { newSecret, secretHash } from './secrets.ts';

/** Every key starts so: a secret scanner (and a person) can tell what leaked. */
const KEY_PREFIX = 'fe_';
/** How many characters of the key a list shows. */
const SHOWN_LENGTH = 10;
/** last_used_at is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000;

type Row = Prisma.ApiKeyGetPayload<{ include: { createdBy: true } }>;

const toSummary = (row: Row): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  role: row.role === 'ANALYST' ? 'ANALYST' : 'EDITOR',
  createdBy: row.createdBy ? { id: row.createdBy.id, name: row.createdBy.name } : null,
  createdAt: utcIso(row.createdAt),
  lastUsedAt: row.lastUsedAt ? utcIso(row.lastUsedAt) : null,
  expiresAt: row.expiresAt ? utcIso(row.expiresAt) : null,
});

export async function createApiKey(
  deps: Deps,
  request: CreateApiKeyRequest,
  audit: AuditContext,
): Promise<ApiKeyCreated> {
  const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationFailed('The expiry must be in the future', [{ path: 'expiresAt', message: 'Pick a later time' }]);
  }
  const key = `${KEY_PREFIX}${newSecret()}`;
  const prefix = key.slice(0, SHOWN_LENGTH);
  const id = newId();
  await deps.prisma.$transaction(async (tx) => {
    await tx.apiKey.create({
      data: {
        id,
        name: request.name,
        prefix,
        keyHash: secretHash(key),
        role: request.role,
        createdById: audit.actor?.type === 'member' ? audit.actor.id : null,
        expiresAt,
      },
    });
    await writeAudit(tx, audit, {
      action: 'api_key.create',
      target: { type: 'apiKey', id, name: request.name },
      details: { role: request.role, prefix },
    });
  });
  return { id, key, prefix };
}

export async function listApiKeys(deps: Deps): Promise<ApiKeyList> {
  const rows = await deps.prisma.apiKey.findMany({
    include: { createdBy: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(toSummary);
}

export async function deleteApiKey(deps: Deps, id: string, audit: AuditContext): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const row = isId(id) ? await tx.apiKey.findUnique({ where: { id } }) : null;
    if (!row) throw notFound('API key');
    await tx.apiKey.delete({ where: { id } });
    await writeAudit(tx, audit, {
      action: 'api_key.delete',
      target: { type: 'apiKey', id, name: row.name },
      details: { prefix: row.prefix },
    });
  });
}

/**
 * The key a bearer names, looked up in the database on every request: a deleted key (or one
 * whose creator was removed) is refused at once by every process, with no cache to invalidate.
 */
export async function apiKeyPrincipal(deps: Deps, bearer: string, now = new Date()): Promise<Principal | undefined> {
  if (!bearer.startsWith(KEY_PREFIX)) return undefined;
  const row = await deps.prisma.apiKey.findUnique({ where: { keyHash: secretHash(bearer) } });
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await deps.prisma.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { type: 'apiKey', id: row.id, name: row.name, role: row.role };
}
