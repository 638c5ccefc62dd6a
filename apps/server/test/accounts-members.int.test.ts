import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_VALID_MS } from '../src/services/accounts/members.ts';
import {
  addApiKey,
  addMember,
  auditEntries,
  bearer,
  cookieOf,
  OWNER,
  sessionCookieFrom,
  setUpOwner,
  startAccountsServer,
  TOKEN,
} from './accounts-helpers.ts';
import { expectProblem } from './expect-problem.ts';
import { call, type TestServer } from './harness.ts';

describe('accounts mode: members, invites and keys', () => {
  let server: TestServer;
  /** A second server on the same database: another process of the deployment. */
  let other: TestServer;
  let ownerCookie: string;
  let ownerId: string;
  beforeAll(async () => {
    server = await startAccountsServer();
    other = await startAccountsServer({}, { database: server.database });
    ownerCookie = await setUpOwner(server);
    ownerId = (await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(ownerCookie))).body.id;
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  const invite = async (email: string, role = 'ANALYST') => {
    const res = await call(server, 'POST', '/api/v1/members/invites', { email, role }, cookieOf(ownerCookie));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { inviteUrl: string; expiresAt: string };
  };
  const tokenOf = (inviteUrl: string) => inviteUrl.split('/invite/')[1]!;
  const accept = (token: string, password = 'another long password', name = 'Tim') =>
    call(server, 'POST', `/api/v1/auth/invites/${token}/accept`, { name, password });

  it('invites with a single-use link valid for 7 days; a refused password does not use it up', async () => {
    const created = await invite('Tim@Example.com');
    expect(created.inviteUrl).toMatch(new RegExp(`^${server.url}/invite/[\\w-]{43}$`));
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only a hash is stored.
    const stored = await server.deps.prisma.invite.findFirstOrThrow({ where: { email: 'tim@example.com' } });
    expect(stored.tokenHash).not.toContain(tokenOf(created.inviteUrl));

    const refused = await accept(tokenOf(created.inviteUrl), 'too short');
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    const accepted = await accept(tokenOf(created.inviteUrl));
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email: 'tim@example.com', name: 'Tim', role: 'ANALYST' });
    const me = await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(sessionCookieFrom(accepted.headers)));
    expect(me.body.email).toBe('tim@example.com');
    // Used: 410, through the other process too.
    expectProblem(await accept(tokenOf(created.inviteUrl)), 410, 'INVITE_EXPIRED');
    expectProblem(
      await call(other, 'POST', `/api/v1/auth/invites/${tokenOf(created.inviteUrl)}/accept`, {
        name: 'Tom',
        password: 'another long password',
      }),
      410,
      'INVITE_EXPIRED',
    );
    expectProblem(await accept('made-up-token'), 410, 'INVITE_EXPIRED');
    // A member already: 409.
    expectProblem(
      await call(
        server,
        'POST',
        '/api/v1/members/invites',
        { email: 'tim@example.com', role: 'EDITOR' },
        cookieOf(ownerCookie),
      ),
      409,
      'CONFLICT',
    );
  });

  it('refuses an invite older than 7 days with 410', async () => {
    const created = await invite('old@example.com');
    await server.deps.prisma.invite.updateMany({
      where: { email: 'old@example.com' },
      data: { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - INVITE_VALID_MS - 1000) },
    });
    expectProblem(await accept(tokenOf(created.inviteUrl)), 410, 'INVITE_EXPIRED');
    expect(await server.deps.prisma.member.count({ where: { email: 'old@example.com' } })).toBe(0);
  });

  it('ends the sessions of a member whose role changes, in every process', async () => {
    const member = await addMember(server, ownerCookie, 'EDITOR', 'rita@example.com');
    const changed = await call(
      server,
      'PATCH',
      `/api/v1/members/${member.id}`,
      { role: 'ANALYST' },
      cookieOf(ownerCookie),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: member.id, role: 'ANALYST', email: 'rita@example.com' });
    expectProblem(await call(other, 'GET', '/api/v1/auth/me', undefined, cookieOf(member.cookie)), 401, 'UNAUTHORIZED');
    const [entry] = await auditEntries(server, '&action=member.role_change');
    expect(entry).toMatchObject({
      target: { id: member.id, name: 'rita' },
      details: { from: 'EDITOR', to: 'ANALYST' },
    });
  });

  it('removes a member: their session and the keys they created are refused at once, in every process', async () => {
    const member = await addMember(server, ownerCookie, 'OWNER', 'olga@example.com');
    const key = await call(
      server,
      'POST',
      '/api/v1/api-keys',
      { name: 'Olga CI', role: 'EDITOR' },
      cookieOf(member.cookie),
    );
    expect(key.status).toBe(201);
    expect((await call(other, 'GET', '/api/v1/questionnaires', undefined, bearer(key.body.key))).status).toBe(200);

    const removed = await call(server, 'DELETE', `/api/v1/members/${member.id}`, undefined, cookieOf(ownerCookie));
    expect(removed.status).toBe(204);
    for (const target of [server, other]) {
      expectProblem(
        await call(target, 'GET', '/api/v1/questionnaires', undefined, cookieOf(member.cookie)),
        401,
        'UNAUTHORIZED',
      );
      expectProblem(
        await call(target, 'GET', '/api/v1/questionnaires', undefined, bearer(key.body.key)),
        401,
        'UNAUTHORIZED',
      );
    }
    expectProblem(
      await call(server, 'DELETE', `/api/v1/members/${member.id}`, undefined, cookieOf(ownerCookie)),
      404,
      'NOT_FOUND',
    );
  });

  it('never lets the last owner go: 409 LAST_OWNER for removal and demotion', async () => {
    expectProblem(
      await call(server, 'DELETE', `/api/v1/members/${ownerId}`, undefined, cookieOf(ownerCookie)),
      409,
      'LAST_OWNER',
    );
    expectProblem(
      await call(server, 'PATCH', `/api/v1/members/${ownerId}`, { role: 'EDITOR' }, cookieOf(ownerCookie)),
      409,
      'LAST_OWNER',
    );
    const me = await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(ownerCookie));
    expect(me.body.role).toBe('OWNER');
  });

  it('lists members oldest first', async () => {
    const list = await call(server, 'GET', '/api/v1/members', undefined, cookieOf(ownerCookie));
    expect(list.body[0]).toMatchObject({
      id: ownerId,
      email: OWNER.email,
      role: 'OWNER',
      createdAt: expect.any(String),
    });
  });

  it('shows a key once, keeps only its hash, lists it, and refuses it at once when deleted, in every process', async () => {
    const created = await call(
      server,
      'POST',
      '/api/v1/api-keys',
      { name: 'Nightly export', role: 'ANALYST', expiresAt: '2099-01-01T00:00:00Z' },
      cookieOf(ownerCookie),
    );
    expect(created.status).toBe(201);
    const { id, key, prefix } = created.body;
    expect(key.startsWith(prefix)).toBe(true);
    const row = await server.deps.prisma.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.keyHash).not.toContain(key);
    expect((await call(other, 'GET', '/api/v1/questionnaires', undefined, bearer(key))).status).toBe(200);

    const list = await call(server, 'GET', '/api/v1/api-keys', undefined, cookieOf(ownerCookie));
    expect(list.body.find((item: { id: string }) => item.id === id)).toEqual({
      id,
      name: 'Nightly export',
      prefix,
      role: 'ANALYST',
      createdBy: { id: ownerId, name: 'Ana' },
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect(JSON.stringify(list.body)).not.toContain(key);

    expect((await call(server, 'DELETE', `/api/v1/api-keys/${id}`, undefined, cookieOf(ownerCookie))).status).toBe(204);
    for (const target of [server, other]) {
      expectProblem(await call(target, 'GET', '/api/v1/questionnaires', undefined, bearer(key)), 401, 'UNAUTHORIZED');
    }
    expectProblem(
      await call(server, 'DELETE', `/api/v1/api-keys/${id}`, undefined, cookieOf(ownerCookie)),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses an expired key, and an expiry in the past', async () => {
    const key = await addApiKey(server, 'EDITOR', 'Soon gone');
    await server.deps.prisma.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectProblem(await call(server, 'GET', '/api/v1/questionnaires', undefined, bearer(key.key)), 401, 'UNAUTHORIZED');
    expectProblem(
      await call(
        server,
        'POST',
        '/api/v1/api-keys',
        { name: 'x', role: 'EDITOR', expiresAt: '2001-01-01T00:00:00Z' },
        bearer(TOKEN),
      ),
      400,
      'VALIDATION_FAILED',
    );
  });
});

// Several processes share counters only through Postgres (or Redis); PGlite is one process.
describe.runIf(process.env.DATABASE_URL)('accounts mode: the sign-in lockout across processes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startAccountsServer();
    b = await startAccountsServer({}, { database: a.database });
    await setUpOwner(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts failures for one email in both processes together', async () => {
    expect(a.deps.rateLimitCounters.kind).toBe('postgres');
    for (let i = 0; i < 10; i++) {
      const target = i % 2 ? a : b;
      expectProblem(
        await call(target, 'POST', '/api/v1/auth/login', { email: OWNER.email, password: `no ${i}` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    for (const target of [a, b]) {
      const res = await call(target, 'POST', '/api/v1/auth/login', { email: OWNER.email, password: OWNER.password });
      expectProblem(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
