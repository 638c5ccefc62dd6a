import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditContext } from '../src/services/accounts/principal.ts';
import {
  createQuestionnaire,
  deleteQuestionnaire,
  getQuestionnaire,
  replaceDraft,
} from '../src/services/questionnaires.ts';
import { publishQuestionnaire } from '../src/services/versions.ts';
import { startAccountsServer } from './accounts-helpers.ts';
import { sampleDefinition } from './factories.ts';
import type { TestServer } from './harness.ts';

// Service level: the entry is written with the action's own transaction, so an entry that cannot be
// written takes the action back with it (and an action that fails writes no entry: the HTTP tests).
describe('accounts mode: an audit entry and its action commit together', () => {
  let server: TestServer;
  const who: AuditContext = {
    actor: { type: 'member', id: randomUUID(), name: 'Ana' },
    ip: '127.0.0.1',
    requestId: 'r1',
  };
  /** A context whose entry the database refuses (a request id that is no string). */
  const broken = { ...who, requestId: 42 as unknown as string };

  beforeAll(async () => {
    server = await startAccountsServer();
  });
  afterAll(() => server.close());

  it('publishes nothing when its entry cannot be written', async () => {
    const { id } = await createQuestionnaire(server.deps, { name: 'Atomic' }, who);
    await replaceDraft(server.deps, id, sampleDefinition() as never, who);
    await expect(publishQuestionnaire(server.deps, id, '', broken)).rejects.toThrow(/auditEntry/);
    expect((await getQuestionnaire(server.deps, id)).currentVersion).toBe(0);
    expect(await server.deps.prisma.questionnaireVersion.count({ where: { questionnaireId: id } })).toBe(0);

    await publishQuestionnaire(server.deps, id, '', who);
    const entries = await server.deps.prisma.auditEntry.findMany({ where: { targetId: id }, orderBy: { at: 'asc' } });
    expect(entries.map((entry) => entry.action)).toEqual([
      'questionnaire.create',
      'questionnaire.draft_save',
      'questionnaire.publish',
    ]);
  });

  it('deletes nothing and creates nothing when the entry cannot be written', async () => {
    const { id } = await createQuestionnaire(server.deps, { name: 'Kept' }, who);
    await expect(deleteQuestionnaire(server.deps, id, broken)).rejects.toThrow(/auditEntry/);
    expect((await getQuestionnaire(server.deps, id)).name).toBe('Kept');
    const before = await server.deps.prisma.questionnaire.count();
    await expect(createQuestionnaire(server.deps, { name: 'Never' }, broken)).rejects.toThrow(/auditEntry/);
    expect(await server.deps.prisma.questionnaire.count()).toBe(before);
  });

  it('writes nothing without a context (open mode)', async () => {
    const before = await server.deps.prisma.auditEntry.count();
    const { id } = await createQuestionnaire(server.deps, { name: 'Open' });
    await publishQuestionnaire(server.deps, id);
    expect(await server.deps.prisma.auditEntry.count()).toBe(before);
  });
});
