import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The soak bench (bench/soak.bench.ts) budgets the heap; this names the leak it found.
describe("a respondent's finished flow leaves nothing behind in the server's memory", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('completed responses are not remembered (create, save, complete, twenty times)', async () => {
    const q = await createPublished(server);
    const before = server.deps.publicQuestionnaires.responsesRemembered;
    for (let i = 0; i < 20; i++) {
      const created = await server.fetch(`/public/v1/questionnaires/${q.publicId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ versionNumber: 1 }),
      });
      const { responseId } = (await created.json()) as { responseId: string };
      const saved = await server.fetch(`/public/v1/responses/${responseId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: {} }),
      });
      expect(saved.status).toBe(200);
      expect((await server.fetch(`/public/v1/responses/${responseId}/complete`, { method: 'POST' })).status).toBe(200);
    }
    expect(server.deps.publicQuestionnaires.responsesRemembered).toBe(before);
  });
});
