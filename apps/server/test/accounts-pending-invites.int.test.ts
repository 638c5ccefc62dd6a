import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeInvite } from '../src/services/accounts/members.ts';
import type { AuditContext } from '../src/services/accounts/principal.ts';
import {
  addApiKey,
  addMember,
  auditEntries,
  bearer,
  cookieOf,
  OWNER,
  setUpOwner,
  startAccountsServer,
  TOKEN,
} from './accounts-helpers.ts';
import { expectProblem } from './expect-problem.ts';
import { call, type TestServer } from './harness.ts';

const INVITES = '/api/v1/members/invites';
const MISSING = '00000000-0000-4000-8000-000000000000';

interface PendingInvite {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  invitedBy: { id: string; name: string } | null;
}

describe('accounts mode: the invitations still waiting, and taking one back', () => {
  let server: TestServer;
  let owner: Record<string, string>;
  let ownerId: string;
  beforeAll(async () => {
    server = await startAccountsServer();
    owner = cookieOf(await setUpOwner(server));
    ownerId = (await call(server, 'GET', '/api/v1/auth/me', undefined, owner)).body.id;
  });
  afterAll(() => server.close());

  const invite = async (email: string, role = 'ANALYST', headers = owner) => {
    const res = await call(server, 'POST', INVITES, { email, role }, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res as { status: number; headers: Headers; body: { id: string; inviteUrl: string; expiresAt: string } };
  };
  const list = async () => {
    const res = await call(server, 'GET', INVITES, undefined, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as PendingInvite[];
  };
  const tokenOf = (inviteUrl: string) => inviteUrl.split('/invite/')[1]!;
  const accept = (token: string, name = 'Dan') =>
    call(server, 'POST', `/api/v1/auth/invites/${token}/accept`, { name, password: 'another long password' });

  it('lists a new invitation with its id, who invited and when it ends, never its secret', async () => {
    const created = await invite('Dan@Example.com', 'EDITOR');
    expect(created.body.id).toEqual(expect.any(String));
    // The 201 says where the invitation lives: DELETE there takes it back (as an upload's Location).
    expect(created.headers.get('location')).toBe(`${INVITES}/${created.body.id}`);
    const invites = await list();
    expect(invites).toContainEqual({
      id: created.body.id,
      email: 'dan@example.com',
      role: 'EDITOR',
      createdAt: expect.stringMatching(/Z$/),
      expiresAt: created.body.expiresAt,
      invitedBy: { id: ownerId, name: OWNER.name },
    });
    expect(JSON.stringify(invites)).not.toContain(tokenOf(created.body.inviteUrl));
    const stored = await server.deps.prisma.invite.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(JSON.stringify(invites)).not.toContain(stored.tokenHash);
  });

  it('lists newest first, without the used, the expired and the ones made by the token naming nobody', async () => {
    const used = await invite('used@example.com');
    expect((await accept(tokenOf(used.body.inviteUrl), 'Used')).status).toBe(201);
    const old = await invite('old@example.com');
    await server.deps.prisma.invite.update({
      where: { id: old.body.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const first = await invite('first@example.com');
    const second = await invite('second@example.com');
    const byToken = await invite('token@example.com', 'ANALYST', bearer(TOKEN));
    // Made a minute apart, so the order does not rest on the clock's milliseconds.
    for (const [created, minutesAgo] of [
      [first, 2],
      [second, 1],
    ] as const) {
      await server.deps.prisma.invite.update({
        where: { id: created.body.id },
        data: { createdAt: new Date(Date.now() - minutesAgo * 60_000) },
      });
    }

    const ids = (await list()).map((item) => item.id);
    expect(ids).not.toContain(used.body.id);
    expect(ids).not.toContain(old.body.id);
    expect(ids.indexOf(byToken.body.id)).toBeLessThan(ids.indexOf(second.body.id));
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect((await list()).find((item) => item.id === byToken.body.id)?.invitedBy).toBeNull();
  });

  it('outlives the member who made it, then naming nobody', async () => {
    const other = await addMember(server, owner.cookie!, 'OWNER', 'otto@example.com');
    const created = await invite('by-otto@example.com', 'ANALYST', cookieOf(other.cookie));
    expect((await list()).find((item) => item.id === created.body.id)?.invitedBy).toEqual({
      id: other.id,
      name: 'otto',
    });
    expect((await call(server, 'DELETE', `/api/v1/members/${other.id}`, undefined, owner)).status).toBe(204);
    expect((await list()).find((item) => item.id === created.body.id)?.invitedBy).toBeNull();
    expect((await accept(tokenOf(created.body.inviteUrl), 'By Otto')).status).toBe(201);
  });

  it('is not swallowed by /api/v1/members/{id}: the literal path answers, a member id still does', async () => {
    const member = await addMember(server, owner.cookie!, 'ANALYST', 'route@example.com');
    expect(Array.isArray((await call(server, 'GET', `${INVITES}/`, undefined, owner)).body)).toBe(true);
    // PATCH /members/invites is no member: a 404 about a member, not an invite changed.
    expectProblem(await call(server, 'PATCH', INVITES, { role: 'EDITOR' }, owner), 404, 'NOT_FOUND');
    const changed = await call(server, 'PATCH', `/api/v1/members/${member.id}`, { role: 'EDITOR' }, owner);
    expect(changed.status).toBe(200);
  });

  it('keeps the list and the revoke to owners: 403 for an editor and an analyst, 401 without credentials', async () => {
    const created = await invite('kept@example.com');
    const editor = await addMember(server, owner.cookie!, 'EDITOR', 'eve@example.com');
    const analyst = await addMember(server, owner.cookie!, 'ANALYST', 'abe@example.com');
    const analystKey = await addApiKey(server, 'ANALYST');
    const editorKey = await addApiKey(server, 'EDITOR');
    const before = await auditEntries(server);
    for (const headers of [
      cookieOf(editor.cookie),
      cookieOf(analyst.cookie),
      bearer(analystKey.key),
      bearer(editorKey.key),
    ]) {
      const listed = expectProblem(await call(server, 'GET', INVITES, undefined, headers), 403, 'FORBIDDEN');
      expect(listed.detail).toMatch(/^Only an owner may do this; you are an (editor|analyst)\.$/);
      expectProblem(
        await call(server, 'DELETE', `${INVITES}/${created.body.id}`, undefined, headers),
        403,
        'FORBIDDEN',
      );
    }
    for (const headers of [{}, bearer('fe_not-a-key'), cookieOf('fe_session=forged')]) {
      expectProblem(await call(server, 'GET', INVITES, undefined, headers), 401, 'UNAUTHORIZED');
      expectProblem(
        await call(server, 'DELETE', `${INVITES}/${created.body.id}`, undefined, headers),
        401,
        'UNAUTHORIZED',
      );
    }
    expect(await auditEntries(server)).toEqual(before);
    expect((await list()).map((item) => item.id)).toContain(created.body.id);
  });

  it('revokes: 204, gone from the list, the link then 410 like a used one and nobody joins; one entry', async () => {
    const created = await invite('wrong@example.com', 'EDITOR');
    const before = (await auditEntries(server)).length;
    const revoked = await call(server, 'DELETE', `${INVITES}/${created.body.id}`, undefined, {
      ...owner,
      'x-request-id': 'req-revoke-1',
    });
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeUndefined();
    expect((await list()).map((item) => item.id)).not.toContain(created.body.id);

    const after = await auditEntries(server);
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      action: 'member.invite_revoke',
      actor: { type: 'member', id: ownerId, name: OWNER.name },
      target: { type: 'invite', id: created.body.id, name: 'wrong@example.com' },
      details: { role: 'EDITOR' },
      requestId: 'req-revoke-1',
    });

    expectProblem(await accept(tokenOf(created.body.inviteUrl), 'Wrong'), 410, 'INVITE_EXPIRED');
    expect(await server.deps.prisma.member.count({ where: { email: 'wrong@example.com' } })).toBe(0);
    // Refused accepts write nothing either.
    expect((await auditEntries(server)).length).toBe(before + 1);
  });

  it('answers 404 NOT_FOUND, writing nothing, for an invitation revoked already, used, expired or unknown', async () => {
    const twice = await invite('twice@example.com');
    expect((await call(server, 'DELETE', `${INVITES}/${twice.body.id}`, undefined, owner)).status).toBe(204);
    const used = await invite('joined@example.com');
    expect((await accept(tokenOf(used.body.inviteUrl), 'Joined')).status).toBe(201);
    const old = await invite('expired@example.com');
    await server.deps.prisma.invite.update({
      where: { id: old.body.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const before = await auditEntries(server);
    for (const id of [twice.body.id, used.body.id, old.body.id, MISSING, 'not-an-id']) {
      const problem = expectProblem(
        await call(server, 'DELETE', `${INVITES}/${id}`, undefined, owner),
        404,
        'NOT_FOUND',
      );
      expect(problem.detail).toMatch(/invitation/i);
    }
    expect(await auditEntries(server)).toEqual(before);
    // The used one stays used: its member is still there.
    expect(await server.deps.prisma.member.count({ where: { email: 'joined@example.com' } })).toBe(1);
  });

  it('revokes nothing when its audit entry cannot be written (one transaction)', async () => {
    const created = await invite('atomic@example.com');
    const who: AuditContext = {
      actor: { type: 'member', id: ownerId, name: OWNER.name },
      ip: undefined,
      requestId: 'r1',
    };
    // A request id that is no string: the database refuses the entry.
    const broken = { ...who, requestId: 42 as unknown as string };
    const before = await server.deps.prisma.auditEntry.count();
    await expect(revokeInvite(server.deps, created.body.id, broken)).rejects.toThrow(/auditEntry/);
    expect(await server.deps.prisma.auditEntry.count()).toBe(before);
    expect((await list()).map((item) => item.id)).toContain(created.body.id);
    expect((await accept(tokenOf(created.body.inviteUrl), 'Atomic')).status).toBe(201);
  });
});
