import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

describe('response summary', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('summarizes a questionnaire without responses', async () => {
    const q = await createPublished(server);
    const res = await call(server, 'GET', `/api/v1/questionnaires/${q.id}/summary`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      counts: { responses: 0, inProgress: 0, completed: 0, completionRate: 0 },
      timeToComplete: null,
      versionNumber: 1,
      steps: [],
      questions: [
        { code: 'name', prompt: 'Your name', type: 'SHORT_TEXT', answered: 0, samples: [] },
        {
          code: 'colour',
          prompt: 'Favourite colour',
          type: 'SINGLE_CHOICE',
          answered: 0,
          choices: [
            { value: 'red', label: 'Red', count: 0 },
            { value: 'blue', label: 'Blue', count: 0 },
          ],
        },
      ],
    });
  });
});
