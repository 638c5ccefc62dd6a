import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAccountsOnce } from '../src/services/accounts/housekeeping.ts';
import {
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
import { sampleDefinition } from './factories.ts';
import { fileDefinition, PNG, startResponse, uploadOk } from './files-helpers.ts';
import { call, type TestServer } from './harness.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('accounts mode: the audit log', () => {
  let server: TestServer;
  let owner: Record<string, string>;
  let ownerId: string;
  const as = () => ({ ...owner, 'x-request-id': 'req-audit-1' });
  const Q = '/api/v1/questionnaires';

  beforeAll(async () => {
    server = await startAccountsServer({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    owner = cookieOf(await setUpOwner(server));
    ownerId = (await call(server, 'GET', '/api/v1/auth/me', undefined, owner)).body.id;
  });
  afterAll(() => server.close());

  /** The one entry an action wrote: exactly one new entry, with this action. */
  async function onlyNewEntry(action: string, run: () => Promise<unknown>) {
    const before = (await auditEntries(server)).length;
    await run();
    const after = await auditEntries(server);
    expect(after.length, `${action}: ${after.slice(0, 3).map((e) => e.action)}`).toBe(before + 1);
    expect(after[0]!.action).toBe(action);
    return after[0]!;
  }

  async function noNewEntry(run: () => Promise<unknown>) {
    const before = await auditEntries(server);
    await run();
    expect(await auditEntries(server)).toEqual(before);
  }

  it('records each questionnaire action once, named, with who, from where and which request', async () => {
    let id = '';
    const created = await onlyNewEntry('questionnaire.create', async () => {
      id = (await call(server, 'POST', Q, { name: 'Volunteer application' }, as())).body.id;
    });
    expect(created).toMatchObject({
      actor: { type: 'member', id: ownerId, name: OWNER.name },
      target: { type: 'questionnaire', id, name: 'Volunteer application' },
      ip: expect.stringMatching(/127\.0\.0\.1/),
      requestId: 'req-audit-1',
    });

    const renamed = await onlyNewEntry('questionnaire.rename', () =>
      call(server, 'PATCH', `${Q}/${id}`, { name: 'Volunteers' }, as()),
    );
    expect(renamed.details).toEqual({ from: 'Volunteer application', to: 'Volunteers' });
    const settings = await onlyNewEntry('questionnaire.settings', () =>
      call(server, 'PATCH', `${Q}/${id}`, { submissionPolicy: 'ONE_PER_REF' }, as()),
    );
    expect(settings.details).toEqual({ changed: ['submissionPolicy'] });

    // Draft saves: one entry per person and questionnaire in 10 minutes.
    await onlyNewEntry('questionnaire.draft_save', () =>
      call(server, 'PUT', `${Q}/${id}/draft`, sampleDefinition(), as()),
    );
    await noNewEntry(() => call(server, 'PUT', `${Q}/${id}/draft`, sampleDefinition({ questions: [] }), as()));
    await call(server, 'PUT', `${Q}/${id}/draft`, sampleDefinition(), as());

    const published = await onlyNewEntry('questionnaire.publish', () =>
      call(server, 'POST', `${Q}/${id}/publish`, { note: 'first' }, as()),
    );
    expect(published).toMatchObject({ target: { id, name: 'Volunteers' }, details: { versionNumber: 1 } });
    const versions = await call(server, 'GET', `${Q}/${id}/versions`, undefined, owner);
    expect(versions.body[0].publishedBy).toEqual({ id: ownerId, name: OWNER.name });
    // Published with the deployment's token: no person to name.
    await call(server, 'PUT', `${Q}/${id}/draft`, sampleDefinition({ questions: [] }), bearer(TOKEN));
    const byToken = await onlyNewEntry('questionnaire.publish', () =>
      call(server, 'POST', `${Q}/${id}/publish`, undefined, bearer(TOKEN)),
    );
    expect(byToken.actor).toEqual({ type: 'token', id: 'token', name: 'MANAGEMENT_API_TOKEN' });
    expect((await call(server, 'GET', `${Q}/${id}/versions/2`, undefined, owner)).body.publishedBy).toBeNull();

    const restored = await onlyNewEntry('questionnaire.restore', () =>
      call(server, 'POST', `${Q}/${id}/versions/1/restore`, undefined, as()),
    );
    expect(restored.details).toEqual({ versionNumber: 1 });

    const duplicated = await onlyNewEntry('questionnaire.duplicate', () =>
      call(server, 'POST', `${Q}/${id}/duplicate`, undefined, as()),
    );
    expect(duplicated.target.name).toBe('Volunteers (copy)');
    await onlyNewEntry('questionnaire.import', () =>
      call(
        server,
        'POST',
        `${Q}/import`,
        { formsEngineExport: 1, name: 'Imported', definition: { schemaVersion: 1 } },
        as(),
      ),
    );
    const deleted = await onlyNewEntry('questionnaire.delete', () =>
      call(server, 'DELETE', `${Q}/${duplicated.target.id}`, undefined, as()),
    );
    expect(deleted.target).toEqual({ type: 'questionnaire', id: duplicated.target.id, name: 'Volunteers (copy)' });
  });

  it('writes nothing for an action that fails', async () => {
    await noNewEntry(async () => {
      expectProblem(await call(server, 'POST', `${Q}/${MISSING}/publish`, undefined, owner), 404, 'NOT_FOUND');
      expectProblem(await call(server, 'DELETE', `${Q}/${MISSING}`, undefined, owner), 404, 'NOT_FOUND');
      expectProblem(await call(server, 'PATCH', `${Q}/${MISSING}`, { name: 'x' }, owner), 404, 'NOT_FOUND');
      expectProblem(
        await call(server, 'GET', `${Q}/${MISSING}/responses/export.csv`, undefined, owner),
        404,
        'NOT_FOUND',
      );
      expectProblem(await call(server, 'DELETE', '/api/v1/api-keys/nope', undefined, owner), 404, 'NOT_FOUND');
      expectProblem(await call(server, 'DELETE', `/api/v1/members/${ownerId}`, undefined, owner), 409, 'LAST_OWNER');
      expectProblem(await call(server, 'POST', `${Q}`, { name: '' }, owner), 400, 'VALIDATION_FAILED');
    });
  });

  it('records reads of personal data and erasures: CSV export, file download, response erasure', async () => {
    const id = (await call(server, 'POST', Q, { name: 'Files' }, owner)).body.id;
    await call(server, 'PUT', `${Q}/${id}/draft`, fileDefinition(), owner);
    const { publicId } = (await call(server, 'POST', `${Q}/${id}/publish`, undefined, owner)).body;
    const responseId = await startResponse(server, publicId);
    const file = await uploadOk(server, responseId, PNG, { name: 'passport.png', type: 'image/png' });

    const exported = await onlyNewEntry('responses.export', () =>
      call(server, 'GET', `${Q}/${id}/responses/export.csv?status=COMPLETED`, undefined, owner),
    );
    expect(exported).toMatchObject({
      target: { type: 'questionnaire', id, name: 'Files' },
      details: { status: 'COMPLETED' },
    });
    const downloaded = await onlyNewEntry('file.download', async () => {
      const res = await server.fetch(`${Q}/${id}/responses/${responseId}/files/${file.fileId}`, { headers: owner });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    });
    expect(downloaded).toMatchObject({ target: { type: 'file', id: file.fileId, name: 'passport.png' } });
    const erased = await onlyNewEntry('response.erase', () =>
      call(server, 'DELETE', `${Q}/${id}/responses/${responseId}`, undefined, owner),
    );
    expect(erased).toMatchObject({ target: { type: 'response', id: responseId }, details: { questionnaireId: id } });
    await noNewEntry(async () => {
      expectProblem(
        await call(server, 'DELETE', `${Q}/${id}/responses/${responseId}`, undefined, owner),
        404,
        'NOT_FOUND',
      );
    });
  });

  it('records webhook changes', async () => {
    const id = (await call(server, 'POST', Q, { name: 'Hooks' }, owner)).body.id;
    let webhookId = '';
    const created = await onlyNewEntry('webhook.create', async () => {
      const res = await call(
        server,
        'POST',
        `${Q}/${id}/webhooks`,
        { url: 'http://127.0.0.1:9/hook', events: ['response.completed'] },
        owner,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      webhookId = res.body.id;
    });
    expect(created).toMatchObject({ target: { id, name: 'Hooks' }, details: { webhookId } });
    expect(JSON.stringify(created)).not.toMatch(/whsec_/);
    await onlyNewEntry('webhook.update', () =>
      call(server, 'PATCH', `${Q}/${id}/webhooks/${webhookId}`, { enabled: false }, owner),
    );
    const rotated = await onlyNewEntry('webhook.rotate_secret', () =>
      call(server, 'POST', `${Q}/${id}/webhooks/${webhookId}/rotate-secret`, undefined, owner),
    );
    expect(JSON.stringify(rotated)).not.toMatch(/whsec_/);
    await onlyNewEntry('webhook.delete', () =>
      call(server, 'DELETE', `${Q}/${id}/webhooks/${webhookId}`, undefined, owner),
    );
  });

  it('records members and keys', async () => {
    const member = await addMember(server, owner.cookie!, 'EDITOR', 'eve@example.com');
    const [accepted, invited] = await auditEntries(server);
    expect(invited).toMatchObject({
      action: 'member.invite',
      target: { type: 'invite', name: 'eve@example.com' },
      details: { role: 'EDITOR' },
    });
    expect(accepted).toMatchObject({ action: 'member.accept', actor: { id: member.id }, target: { id: member.id } });
    await onlyNewEntry('member.role_change', () =>
      call(server, 'PATCH', `/api/v1/members/${member.id}`, { role: 'ANALYST' }, owner),
    );
    await onlyNewEntry('member.remove', () => call(server, 'DELETE', `/api/v1/members/${member.id}`, undefined, owner));
    let keyId = '';
    const created = await onlyNewEntry('api_key.create', async () => {
      keyId = (await call(server, 'POST', '/api/v1/api-keys', { name: 'CI', role: 'EDITOR' }, owner)).body.id;
    });
    expect(created.target).toEqual({ type: 'apiKey', id: keyId, name: 'CI' });
    await onlyNewEntry('api_key.delete', () => call(server, 'DELETE', `/api/v1/api-keys/${keyId}`, undefined, owner));
  });

  it('names a key as the actor of what it did', async () => {
    const key = (await call(server, 'POST', '/api/v1/api-keys', { name: 'Importer', role: 'EDITOR' }, owner)).body;
    const entry = await onlyNewEntry('questionnaire.create', () =>
      call(server, 'POST', Q, { name: 'By key' }, bearer(key.key)),
    );
    expect(entry.actor).toEqual({ type: 'apiKey', id: key.id, name: 'Importer' });
  });

  it('filters by action, actor, target and time, newest first, a page at a time', async () => {
    const all = await auditEntries(server);
    const times = all.map((entry) => Date.parse((entry as unknown as { at: string }).at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const publishes = await auditEntries(server, '&action=questionnaire.publish');
    expect(publishes.length).toBeGreaterThan(0);
    expect(publishes.every((entry) => entry.action === 'questionnaire.publish')).toBe(true);
    const byOwner = await auditEntries(server, `&actorId=${ownerId}`);
    expect(byOwner.every((entry) => entry.actor?.id === ownerId)).toBe(true);
    const target = publishes[0]!.target.id;
    expect((await auditEntries(server, `&targetId=${target}`)).every((entry) => entry.target.id === target)).toBe(true);
    expect(await auditEntries(server, '&to=2000-01-01T00:00:00Z')).toEqual([]);
    expect((await auditEntries(server, '&from=2000-01-01T00:00:00Z')).length).toBe(all.length);
    const page = await call(server, 'GET', '/api/v1/audit?size=2&page=1', undefined, owner);
    expect(page.body).toMatchObject({ page: 1, size: 2, total: all.length });
    expect(page.body.items.map((entry: { id: string }) => entry.id)).toEqual(
      all.slice(2, 4).map((entry) => (entry as unknown as { id: string }).id),
    );
    expectProblem(
      await call(server, 'GET', '/api/v1/audit?action=made.up', undefined, owner),
      400,
      'VALIDATION_FAILED',
    );
    // No route changes or deletes entries.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await call(server, method, '/api/v1/audit', {}, owner)).status).toBe(405);
    }
  });

  it('prunes entries older than AUDIT_RETENTION_DAYS', async () => {
    const total = (await auditEntries(server)).length;
    const old = await server.deps.prisma.auditEntry.findFirstOrThrow({ orderBy: { at: 'asc' } });
    await server.deps.prisma.auditEntry.update({
      where: { id: old.id },
      data: { at: new Date(Date.now() - 366 * 86_400_000) },
    });
    expect((await pruneAccountsOnce(server.deps)).auditEntries).toBe(1);
    expect((await auditEntries(server)).length).toBe(total - 1);
  });
});
