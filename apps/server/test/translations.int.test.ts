import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const german = {
  q1: { prompt: 'Ihr Name' },
  q2: { prompt: 'Lieblingsfarbe', typeConfig: { choices: { red: 'Rot' } } },
};

describe('translations in the definition', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('are stored with canonical tags, frozen by publish, and carried by export, import and duplicate', async () => {
    const definition = sampleDefinition({
      defaultLanguage: 'EN',
      languageSwitcher: true,
      translations: { DE: german },
    });
    const published = await createPublished(server, definition);
    expect(published.draft).toMatchObject({
      defaultLanguage: 'en',
      languageSwitcher: true,
      translations: { de: german },
    });

    const version = await call(server, 'GET', `/api/v1/questionnaires/${published.id}/versions/1`);
    expect(version.body).toMatchObject({ definition: { defaultLanguage: 'en', translations: { de: german } } });
    const live = await call(server, 'GET', `/public/v1/questionnaires/${published.publicId}/live`);
    expect(live.body).toMatchObject({ definition: { translations: { de: german } } });

    const exported = await call(server, 'GET', `/api/v1/questionnaires/${published.id}/export`);
    const imported = await call(server, 'POST', '/api/v1/questionnaires/import', exported.body);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ draft: { translations: { de: german } } });
    const copy = await call(server, 'POST', `/api/v1/questionnaires/${published.id}/duplicate`);
    expect(copy.body).toMatchObject({ draft: { translations: { de: german } } });
  });

  it('refuse a key naming no element, and change nothing', async () => {
    const questionnaire = await createQuestionnaire(server);
    const res = await call(
      server,
      'PUT',
      `/api/v1/questionnaires/${questionnaire.id}/draft`,
      sampleDefinition({ translations: { de: { q9: { prompt: 'Wer?' } } } }),
    );
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(res.body)).toContain('German (de): no step, tab, question or ending has the id “q9”');
    const after = await call(server, 'GET', `/api/v1/questionnaires/${questionnaire.id}`);
    expect(after.body).toMatchObject({ draft: { questions: [] } });
  });
});
