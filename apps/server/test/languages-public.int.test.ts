import { labelsFor } from '@forms-engine/embed-client/labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

// Issue 22: the respondent's language on the public API (create, save, rehydrate, live).

const german = {
  q1: { prompt: 'Ihr Name' },
  q2: { prompt: 'Lieblingsfarbe', typeConfig: { choices: { red: 'Rot' } } },
};
const portuguese = { q1: { prompt: 'O seu nome' } };
const brazilian = { q1: { prompt: 'Seu nome' } };

/** What the server must send for these languages: whatever tables the embed's labels entry has. */
const expectedLabels = (tags: string[]) =>
  Object.fromEntries(tags.flatMap((tag) => (labelsFor(tag) ? [[tag, labelsFor(tag)]] : [])));

describe('the respondent language on the public API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const create = (publicId: string, body: Record<string, unknown>) =>
    call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1, ...body });
  const rehydrate = (responseId: string) => call(server, 'GET', `/public/v1/responses/${responseId}`);
  const recorded = async (responseId: string) => (await rehydrate(responseId)).body.language as string;
  const count = async (questionnaireId: string) =>
    (await call(server, 'GET', `/api/v1/questionnaires/${questionnaireId}/responses`)).body.total as number;

  const multilingual = () =>
    createPublished(server, sampleDefinition({ translations: { de: german, pt: portuguese, 'pt-BR': brazilian } }));

  it('records the matched language on create: de-CH records de, pt-BR and pt-PT are told apart', async () => {
    const q = await multilingual();
    const asked = { 'de-CH': 'de', DE: 'de', 'pt-BR': 'pt-BR', 'pt-PT': 'pt', pt: 'pt', 'en-GB': 'en', en: 'en' };
    for (const [ask, expected] of Object.entries(asked)) {
      const res = await create(q.publicId, { language: ask });
      expect(res.status, ask).toBe(201);
      expect(await recorded(res.body.responseId), ask).toBe(expected);
    }
  });

  it('records the default language when none is asked for, a German default included', async () => {
    const english = await multilingual();
    const res = await create(english.publicId, {});
    expect(await recorded(res.body.responseId)).toBe('en');

    const germanDefault = await createPublished(
      server,
      sampleDefinition({ defaultLanguage: 'de', translations: { en: { q1: { prompt: 'Your name' } } } }),
    );
    const inGerman = await create(germanDefault.publicId, {});
    expect(await recorded(inGerman.body.responseId)).toBe('de');
  });

  it('refuses a language the version does not have with 400 UNKNOWN_LANGUAGE in words, storing nothing', async () => {
    const q = await multilingual();
    for (const ask of ['fr', 'fr-CA', 'not a tag', 'x']) {
      const res = await create(q.publicId, { language: ask });
      expectProblem(res, 400, 'UNKNOWN_LANGUAGE');
      expect(res.body.detail).toContain(`"${ask}"`);
      expect(res.body.detail).toContain('en, de, pt and pt-BR');
    }
    expect(await count(q.id)).toBe(0);
  });

  it('a one-language questionnaire takes its own language, and refuses others', async () => {
    const q = await createPublished(server);
    expect(await recorded((await create(q.publicId, { language: 'en-US' })).body.responseId)).toBe('en');
    const refused = await create(q.publicId, { language: 'pt-BR' });
    expectProblem(refused, 400, 'UNKNOWN_LANGUAGE');
    expect(refused.body.detail).toContain('available in en.');
    // Only `pt`: pt-BR falls back to it.
    const onlyPt = await createPublished(server, sampleDefinition({ defaultLanguage: 'pt' }));
    expect(await recorded((await create(onlyPt.publicId, { language: 'pt-BR' })).body.responseId)).toBe('pt');
  });

  it('refuses a language that is not a string of 1 to 35 characters as a validation failure', async () => {
    const q = await multilingual();
    expectProblem(await create(q.publicId, { language: '' }), 400, 'VALIDATION_FAILED');
    expectProblem(await create(q.publicId, { language: 'de'.repeat(18) }), 400, 'VALIDATION_FAILED');
    expectProblem(await create(q.publicId, { language: 7 }), 400, 'VALIDATION_FAILED');
    expect(await count(q.id)).toBe(0);
  });

  it('a save switches the language (the matched tag), and a save without one leaves it', async () => {
    const q = await multilingual();
    const { responseId } = (await create(q.publicId, { language: 'de' })).body;
    const save = (body: Record<string, unknown>) =>
      call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: { name: 'Ada' }, ...body });

    expect((await save({ language: 'pt-BR' })).status).toBe(200);
    expect(await recorded(responseId)).toBe('pt-BR');
    expect((await save({ language: 'de-CH' })).status).toBe(200);
    expect(await recorded(responseId)).toBe('de');
    expect((await save({})).status).toBe(200);
    expect(await recorded(responseId)).toBe('de');

    // Unknown: 400, and neither the language nor the answers change.
    const refused = await save({ answers: { name: 'Grace' }, language: 'fr' });
    expectProblem(refused, 400, 'UNKNOWN_LANGUAGE');
    const after = await rehydrate(responseId);
    expect(after.body).toMatchObject({ language: 'de', answers: { name: 'Ada' } });
  });

  it('a switch on an unknown or completed response is 404 or 409, as without one', async () => {
    const q = await multilingual();
    const missing = await call(server, 'PATCH', `/public/v1/responses/${crypto.randomUUID()}`, {
      answers: {},
      language: 'de',
    });
    expectProblem(missing, 404, 'NOT_FOUND');
    const { responseId } = (await create(q.publicId, {})).body;
    expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
    const late = await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers: {}, language: 'de' });
    expectProblem(late, 409, 'RESPONSE_COMPLETED');
    expect(await recorded(responseId)).toBe('en');
  });

  it('saves in a batch keep their languages apart', async () => {
    const q = await multilingual();
    const ids = await Promise.all(
      Array.from({ length: 12 }, async () => (await create(q.publicId, {})).body.responseId as string),
    );
    const tags = ['de', 'pt', undefined];
    await Promise.all(
      ids.map((id, index) =>
        call(server, 'PATCH', `/public/v1/responses/${id}`, {
          answers: { name: `n${index}` },
          ...(tags[index % 3] && { language: tags[index % 3] }),
        }),
      ),
    );
    for (const [index, id] of ids.entries()) {
      const after = await rehydrate(id);
      expect(after.body).toMatchObject({ language: tags[index % 3] ?? 'en', answers: { name: `n${index}` } });
    }
  });

  it("live and rehydrate carry the embed's words for the questionnaire's languages only", async () => {
    const q = await createPublished(
      server,
      sampleDefinition({ defaultLanguage: 'de', translations: { ar: { q1: { prompt: 'اسمك' } }, en: {} } }),
    );
    const live = await call(server, 'GET', `/public/v1/questionnaires/${q.publicId}/live`);
    expect(live.status).toBe(200);
    expect(live.body.labels).toEqual(expectedLabels(['de', 'ar']));
    expect(live.body.labels.en).toBeUndefined();
    expect(live.body.labels.fr).toBeUndefined();

    const { responseId } = (await create(q.publicId, { language: 'ar-EG' })).body;
    const resumed = await rehydrate(responseId);
    expect(resumed.body).toMatchObject({ language: 'ar', labels: expectedLabels(['de', 'ar']) });

    const english = await createPublished(server);
    const plain = await call(server, 'GET', `/public/v1/questionnaires/${english.publicId}/live`);
    expect(plain.body.labels).toEqual({});
  });
});
