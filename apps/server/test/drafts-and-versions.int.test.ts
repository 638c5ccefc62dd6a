import { randomUUID } from 'node:crypto';
import type { DefinitionInput, QuestionnaireDetail, VersionDetail, VersionSummary } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPaths, expectProblem, sleep } from './expect-problem.ts';
import { createPublished, createQuestionnaire, getQuestionnaire, sampleDefinition } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

const BASE = '/api/v1/questionnaires';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (id: string) => getQuestionnaire(server, id);
const putDraft = (id: string, definition: unknown) => call(server, 'PUT', `${BASE}/${id}/draft`, definition);
const okDraft = async (id: string, definition: unknown) => {
  const res = await putDraft(id, definition);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as QuestionnaireDetail;
};
const publish = async (id: string, note?: string) => {
  const res = await call(server, 'POST', `${BASE}/${id}/publish`, note === undefined ? undefined : { note });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as QuestionnaireDetail;
};
const versions = async (id: string) => {
  const res = await call(server, 'GET', `${BASE}/${id}/versions`);
  expect(res.status).toBe(200);
  return res.body as VersionSummary[];
};
const version = async (id: string, n: number) => {
  const res = await call(server, 'GET', `${BASE}/${id}/versions/${n}`);
  expect(res.status).toBe(200);
  return res.body as VersionDetail;
};
const restore = async (id: string, n: number) => {
  const res = await call(server, 'POST', `${BASE}/${id}/versions/${n}/restore`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as QuestionnaireDetail;
};

const question = (id: string, extra: Record<string, unknown> = {}) => ({ id, code: id, type: 'SHORT_TEXT', ...extra });
const withQuestions = (...ids: string[]): DefinitionInput =>
  ({ schemaVersion: 1, questions: ids.map((id) => question(id)) }) as DefinitionInput;

/** A definition using steps with tabs, exercising most of the model. */
const stepsDefinition = {
  schemaVersion: 1,
  steps: [
    {
      id: 'step-1',
      title: 'About you',
      tabs: [
        {
          id: 'tab-1',
          title: 'Contact',
          questions: [
            { id: 'q-email', code: 'email', type: 'EMAIL', prompt: 'Email', width: 'HALF' },
            {
              id: 'q-address',
              code: 'address',
              type: 'ADDRESS',
              prompt: 'Address',
              typeConfig: { allowedCountries: ['DE', 'FR'] },
            },
          ],
        },
      ],
      questions: [
        { id: 'q-age', code: 'age', type: 'NUMBER', typeConfig: { min: 0, max: 130, unit: 'years' } },
        {
          id: 'q-city-note',
          code: 'city_note',
          type: 'STATEMENT',
          typeConfig: { body: 'Berlin!' },
          visibility: {
            mode: 'CONDITIONAL',
            rule: {
              combinator: 'ANY',
              conditions: [
                { source: 'ANSWER', questionCode: 'address', subField: 'city', operator: 'EQUALS', value: 'Berlin' },
                { source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' },
              ],
            },
          },
        },
      ],
    },
    {
      id: 'step-2',
      visibility: {
        mode: 'CONDITIONAL',
        rule: { conditions: [{ source: 'ANSWER', questionCode: 'age', operator: 'GREATER_THAN_OR_EQUAL', value: 18 }] },
      },
      requirement: { mode: 'ALWAYS' },
      questions: [
        {
          id: 'q-pets',
          code: 'pets',
          type: 'MULTI_CHOICE',
          typeConfig: {
            choices: [
              { value: 'cat', label: 'Cat' },
              { value: 'dog', label: 'Dog' },
            ],
            maxSelected: 2,
          },
          requirement: {
            mode: 'CONDITIONAL',
            rule: { conditions: [{ source: 'ANSWER', questionCode: 'age', operator: 'IN', value: [18, 19, 20] }] },
          },
        },
        { id: 'q-files', code: 'files', type: 'FILE_UPLOAD', typeConfig: { acceptedContentTypes: ['image/*'] } },
        { id: 'q-ok', code: 'ok', type: 'CONSENT', typeConfig: { label: 'I agree' } },
      ],
    },
  ],
};

describe('PUT /api/v1/questionnaires/{id}/draft', () => {
  it('replaces the draft with the normalised definition and bumps updatedAt', async () => {
    const created = await createQuestionnaire(server);
    await sleep(5);
    const detail = await okDraft(created.id, stepsDefinition);
    expect(Date.parse(detail.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(detail.currentVersion).toBe(0);
    expect(detail.hasUnpublishedChanges).toBe(true);
    const step1 = detail.draft.steps[0]!;
    expect(step1).toMatchObject({
      id: 'step-1',
      title: 'About you',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
    });
    expect(step1.tabs[0]!.questions[0]).toEqual({
      id: 'q-email',
      code: 'email',
      type: 'EMAIL',
      prompt: 'Email',
      sectionTitle: '',
      width: 'HALF',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
      typeConfig: {},
    });
    expect(detail.draft.steps[1]!.visibility.rule?.combinator).toBe('ALL');
    expect(detail.draft.tabs).toEqual([]);
    expect(detail.draft.questions).toEqual([]);
    expect(await get(created.id)).toEqual(detail);
  });

  it('accepts each of the three layouts and an empty definition', async () => {
    const created = await createQuestionnaire(server);
    await okDraft(created.id, withQuestions('a', 'b'));
    const tabs = await okDraft(created.id, {
      schemaVersion: 1,
      tabs: [
        { id: 't1', questions: [question('a')] },
        { id: 't2', questions: [question('b')] },
      ],
    });
    expect(tabs.draft.tabs.map((t) => t.id)).toEqual(['t1', 't2']);
    await okDraft(created.id, stepsDefinition);
    const empty = await okDraft(created.id, { schemaVersion: 1 });
    expect(empty.draft).toEqual({ schemaVersion: 1, steps: [], tabs: [], questions: [] });
  });

  it('accepts every question type with its defaults', async () => {
    const created = await createQuestionnaire(server);
    const choices = { choices: [{ value: 'a', label: 'A' }] };
    const types: [string, Record<string, unknown>?][] = [
      ['SHORT_TEXT'],
      ['LONG_TEXT'],
      ['NUMBER'],
      ['EMAIL'],
      ['PHONE'],
      ['URL'],
      ['DATE'],
      ['SINGLE_CHOICE', choices],
      ['MULTI_CHOICE', choices],
      ['DROPDOWN', choices],
      ['YES_NO'],
      ['RATING'],
      ['FILE_UPLOAD'],
      ['ADDRESS'],
      ['CONSENT'],
      ['STATEMENT'],
    ];
    const detail = await okDraft(created.id, {
      schemaVersion: 1,
      questions: types.map(([type, typeConfig], i) => ({ id: `q${i}`, code: `c${i}`, type, typeConfig })),
    });
    expect(detail.draft.questions.map((q) => q.type)).toEqual(types.map(([type]) => type));
  });

  const base = () => structuredClone(sampleDefinition()) as any;
  /** Walks a dotted path to the parent object and the last key. */
  const locate = (d: any, path: string): [any, string] => {
    const keys = path.split('.');
    const last = keys.pop() as string;
    return [keys.reduce((o, k) => o[k], d), last];
  };
  const set = (path: string, value: unknown) => (d: any) => {
    const [parent, key] = locate(d, path);
    parent[key] = value;
    return d;
  };
  const unset = (path: string) => (d: any) => {
    const [parent, key] = locate(d, path);
    delete parent[key];
    return d;
  };
  const assign = (path: string, fields: Record<string, unknown>) => (d: any) => {
    const [parent, key] = locate(d, path);
    Object.assign(parent[key], fields);
    return d;
  };
  const COND = 'questions.1.visibility.rule.conditions.0';
  const cases: [string, (d: any) => unknown, string][] = [
    ['a body that is not an object', () => [], ''],
    ['a missing schemaVersion', unset('schemaVersion'), 'schemaVersion'],
    ['schemaVersion 2', set('schemaVersion', 2), 'schemaVersion'],
    ['schemaVersion "1"', set('schemaVersion', '1'), 'schemaVersion'],
    ['questions as an object', (d) => ({ ...d, questions: { q1: d.questions[0] } }), 'questions'],
    ['steps as a string', (d) => ({ ...d, questions: [], steps: 'one' }), 'steps'],
    ['a question that is null', set('questions.0', null), 'questions.0'],
    ['an unknown question type', set('questions.0.type', 'TEXT'), 'questions.0.type'],
    ['a missing question type', unset('questions.0.type'), 'questions.0.type'],
    ['an unknown width', set('questions.0.width', 'WIDE'), 'questions.0.width'],
    ['a lower-case width', set('questions.0.width', 'half'), 'questions.0.width'],
    ['an unknown visibility mode', set('questions.0.visibility', { mode: 'SOMETIMES' }), 'questions.0.visibility.mode'],
    [
      'CONDITIONAL without a rule',
      set('questions.0.requirement', { mode: 'CONDITIONAL' }),
      'questions.0.requirement.rule',
    ],
    [
      'an unknown combinator',
      set('questions.1.visibility.rule.combinator', 'XOR'),
      'questions.1.visibility.rule.combinator',
    ],
    [
      'an empty condition list',
      set('questions.1.visibility.rule.conditions', []),
      'questions.1.visibility.rule.conditions',
    ],
    ['an unknown operator', set(`${COND}.operator`, 'LIKE'), `${COND}.operator`],
    ['an unknown condition source', set(`${COND}.source`, 'COOKIE'), `${COND}.source`],
    ['an ANSWER condition without questionCode', unset(`${COND}.questionCode`), `${COND}.questionCode`],
    ['EQUALS without a value', set(`${COND}.operator`, 'EQUALS'), `${COND}.value`],
    ['IN with a scalar value', assign(COND, { operator: 'IN', value: 'x' }), `${COND}.value`],
    ['a condition value that is an object', assign(COND, { operator: 'EQUALS', value: { a: 1 } }), `${COND}.value`],
    ['a rule naming an unknown code', set(`${COND}.questionCode`, 'ghost'), `${COND}.questionCode`],
    ['duplicate question ids', set('questions.1.id', 'q1'), 'questions.1.id'],
    ['duplicate question codes', set('questions.1.code', 'name'), 'questions.1.code'],
    ['an id with a space', set('questions.0.id', 'q 1'), 'questions.0.id'],
    ['an id of 65 characters', set('questions.0.id', 'i'.repeat(65)), 'questions.0.id'],
    ['a code starting with a digit', set('questions.0.code', '1name'), 'questions.0.code'],
    ['an empty code', set('questions.0.code', ''), 'questions.0.code'],
    ['a numeric prompt', set('questions.0.prompt', 5), 'questions.0.prompt'],
    ['typeConfig missing for SINGLE_CHOICE', unset('questions.1.typeConfig'), 'questions.1.typeConfig'],
    ['choices missing for SINGLE_CHOICE', set('questions.1.typeConfig', {}), 'questions.1.typeConfig.choices'],
    [
      'duplicate choice values',
      set('questions.1.typeConfig.choices.1.value', 'red'),
      'questions.1.typeConfig.choices.1.value',
    ],
    ['an unknown key at the top level', set('title', 'x'), ''],
    ['an unknown key in a question', set('questions.0.colour', 'red'), 'questions.0'],
    ['an unknown key in typeConfig', set('questions.1.typeConfig.bogus', true), 'questions.1.typeConfig'],
    ['an unknown key in a rule config', set('questions.1.visibility.extra', 1), 'questions.1.visibility'],
    ['an unknown key in a condition', set(`${COND}.extra`, 1), COND],
    [
      'a typeConfig for another type',
      set('questions.0.typeConfig', { choices: [{ value: 'a', label: 'A' }] }),
      'questions.0.typeConfig',
    ],
  ];

  it.each(cases)('rejects %s with 400 naming the path and keeps the stored draft', async (_label, mutate, path) => {
    const created = await createQuestionnaire(server);
    const stored = await okDraft(created.id, sampleDefinition());
    const res = await putDraft(created.id, mutate(base()));
    expect(errorPaths(res)).toContain(path);
    expect(await get(created.id)).toEqual(stored);
  });

  it('rejects mixed layouts at the top level', async () => {
    const created = await createQuestionnaire(server);
    const mixes = [
      { schemaVersion: 1, steps: [{ id: 's', questions: [question('a')] }], questions: [question('b')] },
      { schemaVersion: 1, steps: [{ id: 's' }], tabs: [{ id: 't' }] },
      { schemaVersion: 1, tabs: [{ id: 't', questions: [question('a')] }], questions: [question('b')] },
    ];
    for (const mix of mixes) {
      const res = await putDraft(created.id, mix);
      expect(errorPaths(res)).toContain('');
      expect(res.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/layout/i);
    }
    expect((await get(created.id)).draft).toEqual(created.draft);
  });

  it('rejects ids repeated across steps, tabs and questions, and codes repeated across steps', async () => {
    const created = await createQuestionnaire(server);
    const stepIdAsQuestionId = {
      schemaVersion: 1,
      steps: [{ id: 'same', questions: [question('same')] }],
    };
    expect(errorPaths(await putDraft(created.id, stepIdAsQuestionId))).toContain('steps.0.questions.0.id');
    const tabIdTwice = {
      schemaVersion: 1,
      steps: [
        { id: 's1', tabs: [{ id: 't' }] },
        { id: 's2', tabs: [{ id: 't' }] },
      ],
    };
    expect(errorPaths(await putDraft(created.id, tabIdTwice))).toContain('steps.1.tabs.0.id');
    const codeTwice = {
      schemaVersion: 1,
      steps: [
        { id: 's1', tabs: [{ id: 't', questions: [{ id: 'a', code: 'dup', type: 'YES_NO' }] }] },
        { id: 's2', questions: [{ id: 'b', code: 'dup', type: 'YES_NO' }] },
      ],
    };
    expect(errorPaths(await putDraft(created.id, codeTwice))).toContain('steps.1.questions.0.code');
    const ruleToUnknown = {
      schemaVersion: 1,
      steps: [
        {
          id: 's1',
          visibility: {
            mode: 'CONDITIONAL',
            rule: { conditions: [{ source: 'ANSWER', questionCode: 'nope', operator: 'IS_EMPTY' }] },
          },
          questions: [question('a')],
        },
      ],
    };
    expect(errorPaths(await putDraft(created.id, ruleToUnknown))).toContain(
      'steps.0.visibility.rule.conditions.0.questionCode',
    );
    expect((await get(created.id)).draft).toEqual(created.draft);
  });

  it('lists every offending path at once', async () => {
    const created = await createQuestionnaire(server);
    const res = await putDraft(created.id, {
      schemaVersion: 1,
      questions: [
        { id: 'a', code: 'a', type: 'SHORT_TEXT', width: 'WIDE' },
        { id: 'b', code: 'b', type: 'BOGUS' },
      ],
    });
    expect(errorPaths(res)).toEqual(expect.arrayContaining(['questions.0.width', 'questions.1.type']));
  });

  it('is 404 for an unknown questionnaire', async () => {
    expectProblem(await putDraft(randomUUID(), sampleDefinition()), 404, 'NOT_FOUND');
  });
});

describe('POST /api/v1/questionnaires/{id}/publish', () => {
  it('creates version 1 on first publish, even for an empty draft', async () => {
    const created = await createQuestionnaire(server);
    await sleep(5);
    const published = await publish(created.id);
    expect(published).toEqual({
      ...created,
      currentVersion: 1,
      hasUnpublishedChanges: false,
      updatedAt: published.updatedAt,
    });
    expect(Date.parse(published.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    const list = await versions(created.id);
    expect(list).toEqual([{ versionNumber: 1, note: '', publishedBy: null, publishedAt: expect.any(String) }]);
    expect((await version(created.id, 1)).definition).toEqual({ schemaVersion: 1, steps: [], tabs: [], questions: [] });
  });

  it('with no changes creates nothing and returns 200 with the unchanged detail', async () => {
    const published = await createPublished(server);
    await sleep(5);
    const again = await call(server, 'POST', `${BASE}/${published.id}/publish`, { note: 'nothing new' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(published);
    expect(await versions(published.id)).toHaveLength(1);
    expect((await version(published.id, 1)).note).toBe('');
  });

  it('stores the note, returns 200, and publishes a changed draft as the next version', async () => {
    const published = await createPublished(server);
    await okDraft(published.id, withQuestions('other'));
    const res = await call(server, 'POST', `${BASE}/${published.id}/publish`, { note: 'Second edition' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentVersion: 2, hasUnpublishedChanges: false });
    const list = await versions(published.id);
    expect(list.map((v) => [v.versionNumber, v.note])).toEqual([
      [2, 'Second edition'],
      [1, ''],
    ]);
    expect(Date.parse(list[0]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(list[1]!.publishedAt));
    const v2 = await version(published.id, 2);
    expect(v2).toEqual({ ...list[0], definition: res.body.draft });
  });

  it('accepts an empty JSON object and an explicit empty note', async () => {
    const created = await createQuestionnaire(server);
    expect((await call(server, 'POST', `${BASE}/${created.id}/publish`, {})).body.currentVersion).toBe(1);
    await okDraft(created.id, withQuestions('x'));
    expect((await call(server, 'POST', `${BASE}/${created.id}/publish`, { note: '' })).body.currentVersion).toBe(2);
  });

  it.each([
    ['a numeric note', { note: 5 }, 'note'],
    ['a note over 2000 characters', { note: 'n'.repeat(2001) }, 'note'],
    ['an unknown field', { notes: 'x' }, ''],
  ])('rejects %s with 400 and publishes nothing', async (_label, body, path) => {
    const created = await createQuestionnaire(server);
    expect(errorPaths(await call(server, 'POST', `${BASE}/${created.id}/publish`, body))).toContain(path);
    expect(await versions(created.id)).toEqual([]);
    expect(await get(created.id)).toEqual(created);
  });

  it('is 404 for an unknown questionnaire', async () => {
    expectProblem(await call(server, 'POST', `${BASE}/${randomUUID()}/publish`), 404, 'NOT_FOUND');
  });
});

describe('versions list and detail', () => {
  it('lists versions newest first; an unpublished questionnaire has none', async () => {
    const created = await createQuestionnaire(server);
    expect(await versions(created.id)).toEqual([]);
    for (const [i, code] of ['a', 'b', 'c', 'd'].entries()) {
      await okDraft(created.id, withQuestions(code));
      await publish(created.id, `v${i + 1}`);
    }
    const list = await versions(created.id);
    expect(list.map((v) => v.versionNumber)).toEqual([4, 3, 2, 1]);
    expect(list.map((v) => v.note)).toEqual(['v4', 'v3', 'v2', 'v1']);
    for (const v of list)
      expect(Object.keys(v).sort()).toEqual(['note', 'publishedAt', 'publishedBy', 'versionNumber']);
  });

  it('version detail is the summary plus the frozen definition', async () => {
    const published = await createPublished(server);
    const detail = await version(published.id, 1);
    expect(detail).toEqual({ ...(await versions(published.id))[0], definition: published.draft });
  });

  it('is 404 for an unknown version number and for another questionnaire’s version', async () => {
    const published = await createPublished(server);
    const other = await createQuestionnaire(server);
    for (const path of [
      `${BASE}/${published.id}/versions/2`,
      `${BASE}/${published.id}/versions/2147483647`,
      `${BASE}/${other.id}/versions/1`,
      `${BASE}/${randomUUID()}/versions/1`,
      `${BASE}/${randomUUID()}/versions`,
    ]) {
      expectProblem(await call(server, 'GET', path), 404, 'NOT_FOUND');
    }
  });

  it.each(['abc', '1.5', '0', '-1', '99999999999', '%20'])(
    'answers a 4xx problem (never 500) for version n = %s',
    async (n) => {
      const published = await createPublished(server);
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/restore'],
      ] as const) {
        const res = await call(server, method, `${BASE}/${published.id}/versions/${n}${suffix}`);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectProblem(res, res.status, res.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
      }
      expect((await get(published.id)).draft).toEqual(published.draft);
    },
  );
});

describe('POST /api/v1/questionnaires/{id}/versions/{n}/restore', () => {
  it('copies the version into the draft and publishes nothing', async () => {
    const published = await createPublished(server);
    const v1 = (await version(published.id, 1)).definition;
    await okDraft(published.id, withQuestions('second'));
    await publish(published.id);
    await sleep(5);
    const before = await get(published.id);

    const restored = await restore(published.id, 1);
    expect(restored.draft).toEqual(v1);
    expect(restored.currentVersion).toBe(2);
    expect(restored.hasUnpublishedChanges).toBe(true);
    expect(Date.parse(restored.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await versions(published.id)).toHaveLength(2);
    expect(await get(published.id)).toEqual(restored);
  });

  it('is 404 for an unknown version or questionnaire and leaves the draft alone', async () => {
    const published = await createPublished(server);
    await okDraft(published.id, withQuestions('edited'));
    const before = await get(published.id);
    expectProblem(await call(server, 'POST', `${BASE}/${published.id}/versions/2/restore`), 404, 'NOT_FOUND');
    expectProblem(await call(server, 'POST', `${BASE}/${randomUUID()}/versions/1/restore`), 404, 'NOT_FOUND');
    expect(await get(published.id)).toEqual(before);
  });
});

describe('published versions never change', () => {
  it('after draft edits, publishes, restores, patches and duplicates', async () => {
    const created = await createQuestionnaire(server);
    const frozen: VersionDetail[] = [];
    await okDraft(created.id, stepsDefinition);
    await publish(created.id, 'first');
    frozen.push(await version(created.id, 1));
    await okDraft(created.id, withQuestions('a', 'b'));
    await publish(created.id, 'second');
    frozen.push(await version(created.id, 2));

    await okDraft(created.id, withQuestions('c'));
    await restore(created.id, 1);
    await okDraft(created.id, {
      ...stepsDefinition,
      steps: [{ ...stepsDefinition.steps[0], title: 'Changed title' }, stepsDefinition.steps[1]],
    });
    await publish(created.id, 'third');
    await restore(created.id, 2);
    await publish(created.id, 'fourth');
    await call(server, 'PATCH', `${BASE}/${created.id}`, { name: 'renamed', submissionPolicy: 'ONE_PER_REF' });
    await call(server, 'POST', `${BASE}/${created.id}/duplicate`);
    await okDraft(created.id, { schemaVersion: 1 });
    const failed = await putDraft(created.id, { schemaVersion: 1, questions: [{ id: 'x', code: 'x', type: 'NOPE' }] });
    expect(failed.status).toBe(400);

    expect(await version(created.id, 1)).toEqual(frozen[0]);
    expect(await version(created.id, 2)).toEqual(frozen[1]);
    expect((await version(created.id, 3)).definition.steps[0]!.title).toBe('Changed title');
    expect((await version(created.id, 4)).definition).toEqual(frozen[1]!.definition);
    expect((await versions(created.id)).map((v) => [v.versionNumber, v.note])).toEqual([
      [4, 'fourth'],
      [3, 'third'],
      [2, 'second'],
      [1, 'first'],
    ]);
  });
});

describe('hasUnpublishedChanges', () => {
  it('follows every draft, publish and restore', async () => {
    const created = await createQuestionnaire(server);
    expect(created.hasUnpublishedChanges).toBe(true);

    const published = await publish(created.id);
    expect(published.hasUnpublishedChanges).toBe(false);

    const changed = await okDraft(created.id, sampleDefinition());
    expect(changed.hasUnpublishedChanges).toBe(true);
    expect((await get(created.id)).hasUnpublishedChanges).toBe(true);

    const v2 = await publish(created.id);
    expect(v2).toMatchObject({ currentVersion: 2, hasUnpublishedChanges: false });

    await okDraft(created.id, withQuestions('other'));
    // The published definition again, with every object's keys in reverse order and defaults spelled out.
    const reversed = reverseKeys(v2.draft);
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(v2.draft));
    const back = await okDraft(created.id, reversed);
    expect(back.hasUnpublishedChanges).toBe(false);
    // ... and with defaults omitted
    await okDraft(created.id, withQuestions('other'));
    expect((await okDraft(created.id, sampleDefinition())).hasUnpublishedChanges).toBe(false);
    expect((await get(created.id)).hasUnpublishedChanges).toBe(false);
    // publishing that creates nothing
    expect((await publish(created.id)).currentVersion).toBe(2);

    await okDraft(created.id, withQuestions('third'));
    expect((await restore(created.id, 2)).hasUnpublishedChanges).toBe(false);
    expect((await restore(created.id, 1)).hasUnpublishedChanges).toBe(true);
    expect((await get(created.id)).hasUnpublishedChanges).toBe(true);
    expect((await restore(created.id, 2)).hasUnpublishedChanges).toBe(false);

    // Republishing an older definition makes it the latest.
    await restore(created.id, 1);
    const v3 = await publish(created.id);
    expect(v3).toMatchObject({ currentVersion: 3, hasUnpublishedChanges: false });
    expect((await restore(created.id, 1)).hasUnpublishedChanges).toBe(false);
    expect((await restore(created.id, 2)).hasUnpublishedChanges).toBe(true);

    const summary = (await call(server, 'GET', `${BASE}?size=200`)).body.items.find(
      (i: { id: string }) => i.id === created.id,
    );
    expect(summary).toMatchObject({ currentVersion: 3, hasUnpublishedChanges: true });
  });

  it('a draft change that only differs inside a rule still counts', async () => {
    const published = await createPublished(server);
    const changed = structuredClone(sampleDefinition()) as any;
    changed.questions[1].visibility.rule.combinator = 'ANY';
    expect((await okDraft(published.id, changed)).hasUnpublishedChanges).toBe(true);
  });
});

describe('concurrent publishes', () => {
  it('five publishes of one change create exactly one version', async () => {
    const published = await createPublished(server);
    await okDraft(published.id, withQuestions('changed'));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(server, 'POST', `${BASE}/${published.id}/publish`)),
    );
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ currentVersion: 2, hasUnpublishedChanges: false });
    }
    expect((await versions(published.id)).map((v) => v.versionNumber)).toEqual([2, 1]);
  });

  it('interleaved edits and publishes give consecutive version numbers without gaps or duplicates', async () => {
    const created = await createQuestionnaire(server);
    const workers = Array.from({ length: 5 }, async (_, i) => {
      for (let round = 0; round < 3; round++) {
        expect((await putDraft(created.id, withQuestions(`w${i}_r${round}`))).status).toBe(200);
        const res = await call(server, 'POST', `${BASE}/${created.id}/publish`, { note: `w${i} r${round}` });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    });
    await Promise.all(workers);
    const list = await versions(created.id);
    const numbers = list.map((v) => v.versionNumber);
    expect(numbers.length).toBeGreaterThanOrEqual(1);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers.length - i));
    const detail = await get(created.id);
    expect(detail.currentVersion).toBe(numbers.length);
    // No two consecutive versions are equal (an unchanged draft never publishes).
    const definitions = await Promise.all(numbers.map((n) => version(created.id, n)));
    for (let i = 1; i < definitions.length; i++) {
      expect(definitions[i]!.definition).not.toEqual(definitions[i - 1]!.definition);
    }
    expect(detail.hasUnpublishedChanges).toBe(
      JSON.stringify(detail.draft) !== JSON.stringify(definitions[0]!.definition),
    );
  });

  it('concurrent publishes of a fresh questionnaire all answer version 1', async () => {
    const created = await createQuestionnaire(server);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(server, 'POST', `${BASE}/${created.id}/publish`)),
    );
    for (const res of results) expect(res.body.currentVersion).toBe(1);
    expect((await versions(created.id)).map((v) => v.versionNumber)).toEqual([1]);
  });
});

/** A deep copy with the keys of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reverseKeys(inner)]),
  );
}
