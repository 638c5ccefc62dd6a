import type { DefinitionInput } from '@forms-engine/schema';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './expect-problem.ts';
import { createPublished } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });

// Issue 22 on the management API: the recorded language in meta, the language filter of browse,
// CSV and summary, the CSV's language column, the summary's languages and its words in a language.

const definition = (translated = true): DefinitionInput => ({
  schemaVersion: 1,
  defaultLanguage: 'en',
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        { id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' },
        {
          id: 'q2',
          code: 'colour',
          type: 'SINGLE_CHOICE',
          prompt: 'Favourite colour',
          typeConfig: {
            choices: [
              { value: 'red', label: 'Red' },
              { value: 'blue', label: 'Blue' },
            ],
          },
        },
        {
          id: 'q3',
          code: 'ok',
          type: 'YES_NO',
          prompt: 'All good?',
          typeConfig: { yesLabel: 'Sure', noLabel: 'Nope' },
        },
      ],
    },
  ],
  ...(translated && {
    translations: {
      // Red and the yes label are translated; Blue, the no label and the step's title are not.
      de: {
        q1: { prompt: 'Ihr Name' },
        q2: { prompt: 'Lieblingsfarbe', typeConfig: { choices: { red: 'Rot' } } },
        q3: { typeConfig: { yesLabel: 'Klar' } },
      },
      fr: { s1: { title: 'À propos de vous' } },
    },
  }),
});

describe('languages on the management API', () => {
  let server: TestServer;
  let q: { id: string; publicId: string };
  /** responseId -> [language, status] as made below. */
  const made = new Map<string, [string, string]>();

  const respond = async (language: string | undefined, answers: Record<string, unknown>, complete: boolean) => {
    const created = await call(server, 'POST', `/public/v1/questionnaires/${q.publicId}/responses`, {
      versionNumber: 1,
      ...(language && { language }),
    });
    expect(created.status).toBe(201);
    const { responseId } = created.body;
    expect((await call(server, 'PATCH', `/public/v1/responses/${responseId}`, { answers })).status).toBe(200);
    if (complete) expect((await call(server, 'POST', `/public/v1/responses/${responseId}/complete`)).status).toBe(200);
    return responseId as string;
  };
  const base = () => `/api/v1/questionnaires/${q.id}`;
  const browse = (query: string) => call(server, 'GET', `${base()}/responses${query}`);
  const summary = (query: string) => call(server, 'GET', `${base()}/summary${query}`);
  const csv = async (query: string) => {
    const res = await server.fetch(`${base()}/responses/export.csv${query}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
  };

  beforeAll(async () => {
    server = await startTestServer();
    q = await createPublished(server, definition());
    const plan: [string | undefined, Record<string, unknown>, boolean, string][] = [
      ['de', { name: 'Anna', colour: 'red', ok: true }, true, 'de'],
      ['de-CH', { name: 'Beat', colour: 'blue', ok: false }, true, 'de'],
      ['de-AT', { name: 'Carla' }, false, 'de'],
      [undefined, { name: 'Dan', colour: 'red', ok: true }, true, 'en'],
      ['en-GB', { name: 'Eve' }, false, 'en'],
      ['fr-CA', { name: 'Fleur', colour: 'blue' }, false, 'fr'],
    ];
    for (const [asked, answers, complete, language] of plan) {
      made.set(await respond(asked, answers, complete), [language, complete ? 'COMPLETED' : 'IN_PROGRESS']);
    }
  });
  afterAll(() => server.close());

  const idsIn = (language: string, status?: string) =>
    [...made].filter(([, [tag, state]]) => tag === language && (!status || state === status)).map(([id]) => id);

  it('browse and get-one carry the recorded language in meta', async () => {
    const page = await browse('?size=100');
    expect(page.status).toBe(200);
    for (const item of page.body.items) expect(item.meta.language).toBe(made.get(item.responseId)?.[0]);
    const [someone] = idsIn('fr');
    const one = await call(server, 'GET', `${base()}/responses/${someone}`);
    expect(one.body.meta).toMatchObject({ language: 'fr' });
  });

  it('browse filters by the exact recorded language, in any case, alone or with other filters', async () => {
    const ids = async (query: string) => {
      const res = await browse(query);
      expect(res.status, query).toBe(200);
      expect(res.body.total, query).toBe(res.body.items.length);
      return res.body.items.map((item: { responseId: string }) => item.responseId).sort();
    };
    expect(await ids('?language=de')).toEqual(idsIn('de').sort());
    expect(await ids('?language=DE')).toEqual(idsIn('de').sort());
    expect(await ids('?language=de&status=COMPLETED')).toEqual(idsIn('de', 'COMPLETED').sort());
    expect(await ids('?language=en&versionNumber=1')).toEqual(idsIn('en').sort());
    // Exact: de-AT was recorded as de, so nothing is recorded as de-AT.
    expect(await ids('?language=de-AT')).toEqual([]);
    expect(await ids('?language=pt')).toEqual([]);
  });

  it('browse pages through one language at any depth, in the order of the unfiltered list', async () => {
    const all = (await browse('?size=100')).body.items.map((item: { responseId: string }) => item.responseId);
    const german = all.filter((id: string) => made.get(id)?.[0] === 'de');
    for (let page = 0; page < german.length + 1; page++) {
      const res = await browse(`?language=de&size=1&page=${page}`);
      expect(res.body.total).toBe(german.length);
      expect(res.body.items.map((item: { responseId: string }) => item.responseId)).toEqual(
        german.slice(page, page + 1),
      );
    }
  });

  it('refuses a filter that is not a language tag with 400 VALIDATION_FAILED on browse, CSV and summary', async () => {
    for (const path of ['/responses', '/responses/export.csv', '/summary']) {
      const res = await call(server, 'GET', `${base()}${path}?language=${encodeURIComponent('not a tag')}`);
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).toContain('language');
    }
  });

  it('the CSV has a language column after the fixed columns and takes the language filter', async () => {
    const res = await server.fetch(`${base()}/responses/export.csv`);
    const [header] = parseCsv(await res.text());
    expect(header!.slice(8, 12)).toEqual(['userAgent', 'language', 'ending', 'name']);
    const rows = await csv('');
    expect(rows.map((row) => [row.responseId, row.language]).sort()).toEqual(
      [...made].map(([id, [language]]) => [id, language]).sort(),
    );
    const french = await csv('?language=fr');
    expect(french.map((row) => row.responseId)).toEqual(idsIn('fr'));
  });

  it("filtered by a language, the CSV's prompts and words are in it, falling back string by string", async () => {
    const german = await csv('?language=de&header=prompt&values=label');
    expect(Object.keys(german[0]!).slice(9)).toEqual(['language', 'Ending', 'Ihr Name', 'Lieblingsfarbe', 'All good?']);
    const byName = new Map(german.map((row) => [row['Ihr Name'], row]));
    expect(byName.get('Anna')).toMatchObject({ Lieblingsfarbe: 'Rot', 'All good?': 'Klar', language: 'de' });
    expect(byName.get('Beat')).toMatchObject({ Lieblingsfarbe: 'Blue', 'All good?': 'Nope' });
    // Without the filter: the default language's words.
    const english = await csv('?header=prompt&values=label');
    expect(english.find((row) => row['Your name'] === 'Anna')).toMatchObject({
      'Favourite colour': 'Red',
      'All good?': 'Sure',
    });
  });

  it('the summary counts every language of the definition, and filtered by one, speaks it', async () => {
    const expected = [
      { language: 'en', responses: 2, completed: 1 },
      { language: 'de', responses: 3, completed: 2 },
      { language: 'fr', responses: 1, completed: 0 },
    ];
    const all = await summary('');
    expect(all.status).toBe(200);
    expect(all.body.languages).toEqual(expected);
    expect(all.body.counts.responses).toBe(6);

    const german = await summary('?language=de');
    expect(german.status).toBe(200);
    // Counted within every filter but the language itself; the rest counts German responses only.
    expect(german.body.languages).toEqual(expected);
    expect(german.body.counts).toMatchObject({ responses: 3, completed: 2 });
    expect(german.body.steps).toEqual([{ stepId: 's1', title: 'About you', reached: 3, droppedHere: 1 }]);
    const question = (code: string) => german.body.questions.find((entry: { code: string }) => entry.code === code);
    expect(question('name').prompt).toBe('Ihr Name');
    expect(question('colour')).toMatchObject({
      prompt: 'Lieblingsfarbe',
      choices: [
        { value: 'red', label: 'Rot', count: 1 },
        { value: 'blue', label: 'Blue', count: 1 },
      ],
    });
    expect(question('ok')).toMatchObject({
      prompt: 'All good?',
      choices: [
        { value: true, label: 'Klar', count: 1 },
        { value: false, label: 'Nope', count: 1 },
      ],
    });
    const french = await summary('?language=fr&status=COMPLETED');
    expect(french.body.steps[0].title).toBe('À propos de vous');
    expect(french.body.counts.responses).toBe(0);
    expect(french.body.languages).toEqual([
      { language: 'en', responses: 1, completed: 1 },
      { language: 'de', responses: 2, completed: 2 },
      { language: 'fr', responses: 0, completed: 0 },
    ]);
    // A window of time is counted over the rows rather than the kept counts: the same figures.
    const windowed = await summary('?from=2000-01-01T00:00:00Z');
    expect(windowed.body.languages).toEqual(expected);
  });

  it("a language the described version dropped is listed after the version's own, zero counts included", async () => {
    const other = await createPublished(server, definition());
    const started = await call(server, 'POST', `/public/v1/questionnaires/${other.publicId}/responses`, {
      versionNumber: 1,
      language: 'de',
    });
    expect(started.status).toBe(201);
    // Version 2 is English only, and German by default is not what it says.
    expect((await call(server, 'PUT', `/api/v1/questionnaires/${other.id}/draft`, definition(false))).status).toBe(200);
    expect((await call(server, 'POST', `/api/v1/questionnaires/${other.id}/publish`)).status).toBe(200);
    const res = await call(server, 'GET', `/api/v1/questionnaires/${other.id}/summary`);
    expect(res.body.versionNumber).toBe(2);
    expect(res.body.languages).toEqual([
      { language: 'en', responses: 0, completed: 0 },
      { language: 'de', responses: 1, completed: 0 },
    ]);
    const v1 = await call(server, 'GET', `/api/v1/questionnaires/${other.id}/summary?versionNumber=1`);
    expect(v1.body.languages).toEqual([
      { language: 'en', responses: 0, completed: 0 },
      { language: 'de', responses: 1, completed: 0 },
      { language: 'fr', responses: 0, completed: 0 },
    ]);
  });
});
