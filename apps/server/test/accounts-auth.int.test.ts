import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAccountsOnce } from '../src/services/accounts/housekeeping.ts';
import { SESSION_IDLE_MS } from '../src/services/accounts/sessions.ts';
import { setupCodeToPrint } from '../src/services/accounts/setup.ts';
import {
  auditEntries,
  bearer,
  cookieOf,
  OWNER,
  sessionCookieFrom,
  startAccountsServer,
  TOKEN,
} from './accounts-helpers.ts';
import { expectProblem } from './expect-problem.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('open mode (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MANAGEMENT_API_TOKEN: 'open-token' });
  });
  afterAll(() => server.close());

  it('has no accounts routes: 404 before the token is looked at, on REST and /trpc', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/auth/me'],
      ['GET', '/api/v1/auth/setup'],
      ['POST', '/api/v1/auth/login'],
      ['GET', '/api/v1/members'],
      ['GET', '/api/v1/api-keys'],
      ['GET', '/api/v1/audit'],
    ] as const) {
      const body = method === 'POST' ? { email: 'a@example.com', password: 'x' } : undefined;
      expectProblem(await call(server, method, path, body), 404, 'NOT_FOUND');
    }
    const trpc = await server.fetch('/trpc/auth.me');
    expect(trpc.status).toBe(404);
    expect(((await trpc.json()) as any).error.data.problem.code).toBe('NOT_FOUND');
  });

  it('still guards everything else with the token', async () => {
    expectProblem(await call(server, 'GET', '/api/v1/questionnaires'), 401, 'UNAUTHORIZED');
  });

  it('does not offer the accounts routes in the document', async () => {
    const document = (await call(server, 'GET', '/openapi.json')).body;
    expect(Object.keys(document.paths).filter((path) => /\/(auth|members|api-keys|audit)\b/.test(path))).toEqual([]);
  });
});

describe('accounts mode: the first owner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer();
  });
  afterAll(() => server.close());

  it('needs setup until the first owner exists, and takes only the printed code', async () => {
    expect((await call(server, 'GET', '/api/v1/auth/setup')).body).toEqual({ needed: true });
    const code = await setupCodeToPrint(server.deps);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // The same code however often a process asks (every process prints the stored one).
    expect(await setupCodeToPrint(server.deps)).toBe(code);

    for (const wrong of ['', 'AAAA-BBBB-CCCC-DDDD', `${code}X`]) {
      const res = await call(server, 'POST', '/api/v1/auth/setup', { ...OWNER, code: wrong });
      expectProblem(res, 403, 'FORBIDDEN');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await call(server, 'GET', '/api/v1/auth/setup')).body).toEqual({ needed: true });
    expect(await auditEntries(server)).toEqual([]);

    // Lower case and without hyphens is the same code.
    const created = await call(server, 'POST', '/api/v1/auth/setup', {
      ...OWNER,
      email: 'Ana@Example.com',
      code: code!.replaceAll('-', '').toLowerCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), email: 'ana@example.com', name: 'Ana', role: 'OWNER' });
    const setCookie = created.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^fe_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);

    const me = await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(sessionCookieFrom(created.headers)));
    expect(me.body).toEqual(created.body);
    expect((await call(server, 'GET', '/api/v1/auth/setup')).body).toEqual({ needed: false });
    expect(await setupCodeToPrint(server.deps)).toBeUndefined();

    // Once an account exists, every call is 409, with the old code too.
    expectProblem(await call(server, 'POST', '/api/v1/auth/setup', { ...OWNER, code }), 409, 'ALREADY_SET_UP');
    const [entry] = await auditEntries(server);
    expect(entry).toMatchObject({
      action: 'auth.setup',
      actor: { type: 'member', id: created.body.id, name: 'Ana' },
      target: { type: 'member', id: created.body.id, name: 'Ana' },
    });
    expect((await call(server, 'GET', '/api/v1/members', undefined, bearer(TOKEN))).body).toHaveLength(1);
  });

  it('refuses a short password with the rule in words, creating nothing', async () => {
    const fresh = await startAccountsServer();
    try {
      const code = await setupCodeToPrint(fresh.deps);
      const res = await call(fresh, 'POST', '/api/v1/auth/setup', { ...OWNER, code, password: 'short' });
      const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(problem.errors).toEqual([{ path: 'password', message: 'Use at least 12 characters' }]);
      expect((await call(fresh, 'GET', '/api/v1/auth/setup')).body).toEqual({ needed: true });
    } finally {
      await fresh.close();
    }
  });
});

describe('accounts mode: signing in and out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer();
    await call(server, 'POST', '/api/v1/auth/setup', { ...OWNER, code: await setupCodeToPrint(server.deps) });
  });
  afterAll(() => server.close());

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/v1/auth/login', { email, password }, headers);

  it('signs in with a session cookie and out again, the session gone on the server', async () => {
    const res = await login('ANA@example.com', OWNER.password);
    expect(res.status).toBe(204);
    const cookie = sessionCookieFrom(res.headers);
    expect((await call(server, 'GET', '/api/v1/questionnaires', undefined, cookieOf(cookie))).status).toBe(200);

    const out = await call(server, 'POST', '/api/v1/auth/logout', undefined, cookieOf(cookie));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^fe_session=; .*Max-Age=0/);
    // The old cookie, sent again, is nobody's.
    expectProblem(await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(cookie)), 401, 'UNAUTHORIZED');
    expectProblem(
      await call(server, 'GET', '/api/v1/questionnaires', undefined, cookieOf(cookie)),
      401,
      'UNAUTHORIZED',
    );
    const actions = (await auditEntries(server, `&actorId=${await memberId()}`)).map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['auth.logout', 'auth.login']);
  });

  const memberId = async () =>
    (await call(server, 'GET', '/api/v1/members', undefined, bearer(TOKEN))).body[0].id as string;

  it('answers an unknown email and a wrong password the same, in similar time', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const res = await login(email, 'not the password at all');
      return { res, ms: performance.now() - started };
    };
    await time('warm-up@example.com');
    // Interleaved tries, compared by their medians: a single try is at the mercy of a busy machine (CI saw one
    // take six times another). Each unknown email is new; the owner's five failures stay under the lockout's ten.
    const unknown: Awaited<ReturnType<typeof time>>[] = [];
    const wrongPassword: Awaited<ReturnType<typeof time>>[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time(`nobody-${i}@example.com`));
      wrongPassword.push(await time(OWNER.email));
    }
    for (const { res } of [...unknown, ...wrongPassword]) {
      const problem = expectProblem(res, 401, 'INVALID_CREDENTIALS');
      expect(problem.detail).toBe('The email or the password is not right');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const median = (tries: { ms: number }[]) => tries.map((one) => one.ms).sort((a, b) => a - b)[2] as number;
    // Both spend one argon2id verification: within a factor, not an order of magnitude apart.
    expect(median(unknown)).toBeGreaterThan(median(wrongPassword) / 4);
    expect(median(wrongPassword)).toBeGreaterThan(median(unknown) / 4);
    const [failed] = await auditEntries(server, '&action=auth.login_failed');
    expect(failed).toMatchObject({ actor: null, target: { type: 'email', id: null, name: OWNER.email } });
  });

  it('locks an email out after 10 failures in 15 minutes, the right password too, with Retry-After', async () => {
    const email = 'lock@example.com';
    for (let i = 0; i < 10; i++) expectProblem(await login(email, `wrong ${i}`), 401, 'INVALID_CREDENTIALS');
    const locked = await login(email, 'whatever');
    expectProblem(locked, 429, 'RATE_LIMITED');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another email is not affected.
    expect((await login(OWNER.email, OWNER.password)).status).toBe(204);
  });

  it('lets nobody in with a session unused for 14 days, and deletes it', async () => {
    const res = await login(OWNER.email, OWNER.password);
    const cookie = sessionCookieFrom(res.headers);
    const old = new Date(Date.now() - SESSION_IDLE_MS - 60_000);
    await server.deps.prisma.session.updateMany({ data: { lastUsedAt: old } });
    const before = await server.deps.prisma.session.count();
    expectProblem(await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(cookie)), 401, 'UNAUTHORIZED');
    expect(await server.deps.prisma.session.count()).toBe(before - 1);
    // The periodic job deletes the other idle ones.
    expect((await pruneAccountsOnce(server.deps)).sessions).toBe(before - 1);
    expect(await server.deps.prisma.session.count()).toBe(0);
  });

  it('sets Secure on the cookie when the request came over HTTPS through a trusted proxy', async () => {
    const behindProxy = await startAccountsServer({ TRUST_PROXY: 'loopback' }, { database: server.database });
    try {
      const res = await call(
        behindProxy,
        'POST',
        '/api/v1/auth/login',
        { email: OWNER.email, password: OWNER.password },
        { 'x-forwarded-proto': 'https' },
      );
      expect(res.status).toBe(204);
      expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
      // Without a trusted proxy the header is not believed.
      const direct = await login(OWNER.email, OWNER.password, { 'x-forwarded-proto': 'https' });
      expect(direct.headers.get('set-cookie')).not.toMatch(/Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  it('changes the password: the other sessions end, this one goes on, the old password is wrong', async () => {
    const first = sessionCookieFrom((await login(OWNER.email, OWNER.password)).headers);
    const second = sessionCookieFrom((await login(OWNER.email, OWNER.password)).headers);
    const change = (body: unknown, cookie = second) =>
      call(server, 'POST', '/api/v1/auth/password', body, cookieOf(cookie));

    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a brand new password' });
    expect(expectProblem(wrong, 400, 'VALIDATION_FAILED').errors).toEqual([
      { path: 'currentPassword', message: 'This is not your current password' },
    ]);
    expectProblem(await change({ currentPassword: OWNER.password, newPassword: 'short' }), 400, 'VALIDATION_FAILED');
    expect((await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(first))).status).toBe(200);

    const changed = await change({ currentPassword: OWNER.password, newPassword: 'a brand new password' });
    expect(changed.status).toBe(204);
    const renewed = sessionCookieFrom(changed.headers);
    expect((await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(renewed))).status).toBe(200);
    for (const old of [first, second]) {
      expectProblem(await call(server, 'GET', '/api/v1/auth/me', undefined, cookieOf(old)), 401, 'UNAUTHORIZED');
    }
    expectProblem(await login(OWNER.email, OWNER.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(OWNER.email, 'a brand new password')).status).toBe(204);
    const [entry] = await auditEntries(server, '&action=auth.password_change');
    expect(entry).toMatchObject({ actor: { type: 'member', name: OWNER.name }, target: { type: 'member' } });
    // A key is no member: it has no password to change.
    expectProblem(
      await call(
        server,
        'POST',
        '/api/v1/auth/password',
        { currentPassword: 'x', newPassword: 'a brand new password' },
        bearer(TOKEN),
      ),
      401,
      'UNAUTHORIZED',
    );
    // Back to the password the other tests use.
    await call(
      server,
      'POST',
      '/api/v1/auth/password',
      { currentPassword: 'a brand new password', newPassword: OWNER.password },
      cookieOf(renewed),
    );
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login(OWNER.email, OWNER.password, { origin: 'https://evil.example' });
    expectProblem(res, 403, 'FORBIDDEN');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
