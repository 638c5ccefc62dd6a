import type { Definition } from '@forms-engine/schema/rules';
import { describe, expect, it } from 'vitest';
import type { LiveQuestionnaire, Problem } from '../client/types';
import { type Effect, initialState, retryDelay, type SessionEvent, type SessionState, transition } from './machine';

const rule = (questionCode: string, operator: 'EQUALS' | 'IS_NOT_EMPTY', value?: string) => ({
  mode: 'CONDITIONAL' as const,
  rule: { combinator: 'ALL' as const, conditions: [{ source: 'ANSWER' as const, questionCode, operator, value }] },
});
const base = { sectionTitle: '', prompt: '', width: 'FULL' as const, visibility: { mode: 'ALWAYS' as const } };
const optional = { mode: 'NEVER' as const };
const required = { mode: 'ALWAYS' as const };
const text = (code: string, extra: object = {}) => ({
  ...base,
  id: code,
  code,
  type: 'SHORT_TEXT' as const,
  typeConfig: {},
  requirement: optional,
  ...extra,
});
const step = (id: string, extra: object) => ({
  id,
  title: id.toUpperCase(),
  visibility: { mode: 'ALWAYS' as const },
  requirement: optional,
  tabs: [],
  questions: [],
  ...extra,
});
const tab = (id: string, questions: object[]) => ({
  id,
  title: id,
  visibility: { mode: 'ALWAYS' as const },
  requirement: optional,
  questions,
});

const definition = {
  schemaVersion: 1,
  tabs: [],
  questions: [],
  steps: [
    step('s1', {
      questions: [
        text('name', { requirement: required }),
        text('secret', { visibility: rule('name', 'EQUALS', 'show') }),
      ],
    }),
    step('s2', {
      tabs: [tab('t1', [text('a')]), tab('t2', [text('b', { requirement: required })])],
    }),
    step('s3', { visibility: rule('name', 'EQUALS', 'long'), questions: [text('extra')] }),
    step('s4', { questions: [text('last')] }),
  ],
} as unknown as Definition;

const live = (submissionPolicy: 'MULTIPLE' | 'ONE_PER_REF' = 'MULTIPLE'): LiveQuestionnaire => ({
  publicId: 'pub',
  name: 'Survey',
  versionNumber: 3,
  definition,
  submissionPolicy,
  labels: {},
});
const problem = (status: number, code: Problem['code']): Problem => ({
  type: 'about:blank',
  title: code,
  status,
  code,
  detail: code,
});

/** Feeds events one by one; keeps every effect for inspection. */
function drive(events: SessionEvent[], start: SessionState = initialState(undefined)) {
  let state = start;
  const effects: Effect[] = [];
  for (const event of events) {
    const result = transition(state, event);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects, requests: effects.filter((e) => e.type !== 'emit').map((e) => e.type) };
}
const emitted = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'emit' ? [e.event.name] : []));
const patches = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'patch' ? [e.body] : []));

const loaded: SessionEvent[] = [
  { type: 'START', storedResponseId: null },
  { type: 'LIVE_LOADED', live: live() },
];

/** Through both steps' saves to a Submit whose final save is done: the completion is next. */
const submittedOnLastStep: SessionEvent[] = [
  ...loaded,
  { type: 'ANSWER', code: 'name', value: 'Ada' },
  { type: 'NEXT' },
  { type: 'CREATED', responseId: 'r1' },
  { type: 'SAVED' },
  { type: 'ANSWER', code: 'b', value: 'B' },
  { type: 'NEXT' },
  { type: 'SAVED' },
  { type: 'SUBMIT' },
  { type: 'SAVED' },
];

describe('session machine', () => {
  it('creates nothing on a page view', () => {
    const { state, requests, effects } = drive([...loaded, { type: 'ANSWER', code: 'name', value: 'Ada' }]);
    expect(state.phase).toBe('form');
    expect(state.stepId).toBe('s1');
    expect(requests).toEqual(['load-live']);
    expect(emitted(effects)).toEqual(['ready']);
  });

  it('creates the response on the first Next, with the version and ref, then saves once', () => {
    const start = initialState('crm-7');
    const { state, effects } = drive(
      [
        ...loaded,
        { type: 'ANSWER', code: 'name', value: 'Ada' },
        { type: 'NEXT' },
        { type: 'CREATED', responseId: 'r1' },
      ],
      start,
    );
    expect(effects.filter((e) => e.type === 'create')).toEqual([
      { type: 'create', body: { versionNumber: 3, externalRef: 'crm-7', language: 'en' } },
    ]);
    expect(patches(effects)).toEqual([
      { answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
    ]);
    expect(effects).toContainEqual({ type: 'remember', responseId: 'r1' });
    expect(emitted(effects)).toEqual(['ready', 'stepChange', 'responseCreated']);
    expect(state.save.inFlight).toBe(true);
  });

  it('saves once per step change, Back included, never on a tab switch, and only visible answers', () => {
    const { effects } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'ANSWER', code: 'secret', value: 'hidden now' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
      { type: 'SELECT_TAB', tabId: 't2' },
      { type: 'ANSWER', code: 'b', value: 'B' },
      { type: 'BACK' },
      { type: 'SAVED' },
    ]);
    expect(patches(effects)).toEqual([
      { answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
      { answers: { name: 'Ada', b: 'B' }, lastPosition: { stepId: 's1' }, language: 'en' },
    ]);
  });

  it('coalesces step changes made while a save is in flight into one more save with the latest state', () => {
    const { effects } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'BACK' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
    ]);
    expect(effects.filter((e) => e.type === 'create')).toHaveLength(1);
    expect(patches(effects)).toEqual([
      { answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
    ]);
  });

  it('a failed Next shows errors, opens the tab of the first error and saves nothing', () => {
    const toStep2: SessionEvent[] = [
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
    ];
    const { state, effects } = drive([...toStep2, { type: 'NEXT' }]);
    expect(state.stepId).toBe('s2');
    expect(state.tabId).toBe('t2');
    expect(state.errors).toEqual({ b: { code: 'REQUIRED' } });
    expect(state.focus?.target).toBe('error');
    expect(patches(effects)).toHaveLength(1);
    // Fixing the answer clears its error; the next Next skips the hidden step s3.
    const fixed = drive([{ type: 'ANSWER', code: 'b', value: 'x' }, { type: 'NEXT' }], state);
    expect(fixed.state.errors).toEqual({});
    expect(fixed.state.stepId).toBe('s4');
    expect(fixed.effects).toContainEqual(
      expect.objectContaining({ type: 'emit', event: { name: 'stepChange', detail: { stepId: 's4', index: 2 } } }),
    );
  });

  it('rehydrates a stored response onto its saved position and answers', () => {
    const { state, requests } = drive([
      { type: 'START', storedResponseId: 'r9' },
      {
        type: 'REHYDRATED',
        rehydration: {
          status: 'IN_PROGRESS',
          versionNumber: 2,
          answers: { name: 'Ada', b: 'B' },
          lastPosition: { stepId: 's2', tabId: 't2' },
          definition,
          submissionPolicy: 'MULTIPLE',
          language: 'en',
          labels: {},
          hidden: {},
        },
      },
    ]);
    expect(requests).toEqual(['rehydrate']);
    expect(state).toMatchObject({ phase: 'form', responseId: 'r9', stepId: 's2', tabId: 't2', answers: { b: 'B' } });
    expect(state.questionnaire?.versionNumber).toBe(2);
  });

  it('a saved position on a step that is now hidden lands on the first visible step', () => {
    const { state } = drive([
      { type: 'START', storedResponseId: 'r9' },
      {
        type: 'REHYDRATED',
        rehydration: {
          status: 'IN_PROGRESS',
          versionNumber: 2,
          answers: {},
          lastPosition: { stepId: 's3' },
          definition,
          submissionPolicy: 'MULTIPLE',
          language: 'en',
          labels: {},
          hidden: {},
        },
      },
    ]);
    expect(state.stepId).toBe('s1');
  });

  it('a completed response shows the completion screen', () => {
    const { state } = drive([
      { type: 'START', storedResponseId: 'r1' },
      {
        type: 'REHYDRATED',
        rehydration: {
          status: 'COMPLETED',
          versionNumber: 1,
          answers: {},
          definition,
          submissionPolicy: 'MULTIPLE',
          language: 'en',
          labels: {},
          hidden: {},
        },
      },
    ]);
    expect(state.phase).toBe('completed');
  });

  it('under ONE_PER_REF a completed ref shows already-submitted and creates nothing', () => {
    const { state, requests } = drive(
      [
        { type: 'START', storedResponseId: null },
        { type: 'LIVE_LOADED', live: live('ONE_PER_REF') },
        { type: 'REF_STATUS_LOADED', status: 'COMPLETED' },
      ],
      initialState('crm-1'),
    );
    expect(requests).toEqual(['load-live', 'load-ref-status']);
    expect(state.phase).toBe('already-submitted');
  });

  it('under ONE_PER_REF an open ref shows the form; without a ref the embed says it needs one', () => {
    const open = drive(
      [
        { type: 'START', storedResponseId: null },
        { type: 'LIVE_LOADED', live: live('ONE_PER_REF') },
        { type: 'REF_STATUS_LOADED', status: 'IN_PROGRESS' },
      ],
      initialState('crm-1'),
    );
    expect(open.state.phase).toBe('form');
    const noRef = drive([
      { type: 'START', storedResponseId: null },
      { type: 'LIVE_LOADED', live: live('ONE_PER_REF') },
    ]);
    expect(noRef.state).toMatchObject({ phase: 'unavailable', unavailable: 'EXTERNAL_REF_REQUIRED' });
  });

  it.each([
    ['create', 409, 'ALREADY_SUBMITTED', 'already-submitted'],
    ['complete', 409, 'ALREADY_SUBMITTED', 'already-submitted'],
    ['create', 403, 'ORIGIN_NOT_ALLOWED', 'unavailable'],
    ['patch', 409, 'RESPONSE_COMPLETED', 'completed'],
  ] as const)('a %s answered %i %s shows the %s screen', (request, status, code, phase) => {
    const { state } = drive([...loaded, { type: 'REQUEST_FAILED', request, problem: problem(status, code) }]);
    expect(state.phase).toBe(phase);
  });

  it.each([
    ['live', 404, 'NOT_PUBLISHED', 'NOT_PUBLISHED'],
    ['live', 403, 'ORIGIN_NOT_ALLOWED', 'ORIGIN_NOT_ALLOWED'],
    ['live', 0, 'NETWORK_ERROR', 'NETWORK'],
    ['live', 404, 'NOT_FOUND', 'NOT_FOUND'],
    ['rehydrate', 503, 'INTERNAL_ERROR', 'NETWORK'],
    ['live', 400, 'VALIDATION_FAILED', 'ERROR'],
  ] as const)('loading %s failing with %i %s says %s', (request, status, code, reason) => {
    const { state, effects } = drive([
      { type: 'START', storedResponseId: null },
      { type: 'LOAD_FAILED', request, problem: problem(status, code) },
    ]);
    expect(state).toMatchObject({ phase: 'unavailable', unavailable: reason });
    expect(emitted(effects)).toEqual(['error']);
  });

  it('a failed save keeps the answers, says so, and retries with growing delays until it works', () => {
    const network = problem(0, 'NETWORK_ERROR');
    const { state, effects } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'REQUEST_FAILED', request: 'patch', problem: network },
      { type: 'RETRY' },
      { type: 'REQUEST_FAILED', request: 'patch', problem: network },
    ]);
    expect(state.answers).toEqual({ name: 'Ada' });
    expect(state.save).toMatchObject({ failures: 2, problem: network, wanted: true, inFlight: false });
    expect(effects.filter((e) => e.type === 'retry-later')).toEqual([
      { type: 'retry-later', delayMs: 1000 },
      { type: 'retry-later', delayMs: 2000 },
    ]);
    const recovered = drive([{ type: 'RETRY' }, { type: 'SAVED' }], state);
    expect(patches(recovered.effects)).toHaveLength(1);
    expect(recovered.state.save).toMatchObject({ failures: 0, problem: null, wanted: false });
    expect([retryDelay(1), retryDelay(5), retryDelay(20)]).toEqual([1000, 16000, 30000]);
  });

  describe('erasure stays erased (spec section 3 rule 5: a 404 means start fresh)', () => {
    const onStep2: SessionEvent[] = [
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
      { type: 'ANSWER', code: 'b', value: 'secret answer' },
    ];
    const gone = problem(404, 'NOT_FOUND');

    it.each<[string, SessionEvent[]]>([
      ['a save', [{ type: 'NEXT' }, { type: 'REQUEST_FAILED', request: 'patch', problem: gone }]],
      [
        'a completion',
        [
          { type: 'NEXT' },
          { type: 'SAVED' },
          { type: 'SUBMIT' },
          { type: 'SAVED' },
          { type: 'REQUEST_FAILED', request: 'complete', problem: gone },
        ],
      ],
      ['an upload', [{ type: 'RESPONSE_GONE', responseId: 'r1', problem: gone }]],
    ])(
      'a 404 on %s drops every answer and the stored id, says so, and starts again from the first screen',
      (_, events) => {
        const before = drive(onStep2);
        const { state, effects } = drive(events, before.state);
        expect(state).toMatchObject({ phase: 'loading', responseId: null, answers: {}, notice: 'erased' });
        expect(state.epoch).toBe(before.state.epoch + 1);
        expect(effects.filter((e) => e.type === 'forget' || e.type === 'load-live')).toEqual([
          { type: 'forget' },
          { type: 'load-live' },
        ]);
        // The fresh form starts on its first screen, empty, with the notice, and focus goes to it.
        const fresh = drive([{ type: 'LIVE_LOADED', live: live() }], state);
        expect(fresh.state).toMatchObject({ phase: 'form', stepId: 's1', answers: {}, notice: 'erased' });
        expect(fresh.state.focus?.nonce).not.toBe(before.state.focus?.nonce);
        // Nothing sent afterwards carries the old answers; moving on clears the notice.
        const after = drive(
          [{ type: 'ANSWER', code: 'name', value: 'Bea' }, { type: 'NEXT' }, { type: 'CREATED', responseId: 'r2' }],
          fresh.state,
        );
        expect(patches(after.effects)).toEqual([
          { answers: { name: 'Bea' }, lastPosition: { stepId: 's2', tabId: 't1' }, language: 'en' },
        ]);
        expect(after.state.notice).toBeNull();
      },
    );

    it('a stored response that is gone on reload is forgotten, with the notice, and focus stays where it was', () => {
      const { state, effects } = drive([
        { type: 'START', storedResponseId: 'gone' },
        { type: 'LOAD_FAILED', request: 'rehydrate', problem: gone },
        { type: 'LIVE_LOADED', live: live() },
      ]);
      expect(effects.filter((e) => e.type !== 'emit')).toEqual([
        { type: 'rehydrate', responseId: 'gone' },
        { type: 'forget' },
        { type: 'load-live' },
      ]);
      expect(state).toMatchObject({ phase: 'form', responseId: null, answers: {}, notice: 'erased', focus: null });
    });

    it('a questionnaire deleted meanwhile (404 on create) drops the answers and loads it again, which says it is gone', () => {
      const { state, effects } = drive([
        ...loaded,
        { type: 'ANSWER', code: 'name', value: 'Ada' },
        { type: 'NEXT' },
        { type: 'REQUEST_FAILED', request: 'create', problem: gone },
        { type: 'LOAD_FAILED', request: 'live', problem: gone },
      ]);
      expect(effects.filter((e) => e.type === 'load-live')).toHaveLength(2);
      expect(state).toMatchObject({ phase: 'unavailable', unavailable: 'NOT_FOUND', answers: {} });
    });

    it('an upload of an earlier response failing later does not erase the new one', () => {
      const erased = drive(
        [
          { type: 'NEXT' },
          { type: 'REQUEST_FAILED', request: 'patch', problem: gone },
          { type: 'LIVE_LOADED', live: live() },
        ],
        drive(onStep2).state,
      );
      const renewed = drive(
        [{ type: 'ANSWER', code: 'name', value: 'Bea' }, { type: 'NEXT' }, { type: 'CREATED', responseId: 'r2' }],
        erased.state,
      );
      const late = drive([{ type: 'RESPONSE_GONE', responseId: 'r1', problem: gone }], renewed.state);
      expect(late.state).toBe(renewed.state);
      expect(late.effects).toEqual([]);
    });

    it('an answer from a screen of before the erasure (a late upload) is ignored', () => {
      const { state } = drive(
        [
          { type: 'RESPONSE_GONE', responseId: 'r1', problem: gone },
          { type: 'LIVE_LOADED', live: live() },
        ],
        drive(onStep2).state,
      );
      const stale = drive([{ type: 'ANSWER', code: 'b', value: 'old', epoch: state.epoch - 1 }], state);
      expect(stale.state.answers).toEqual({});
      const current = drive([{ type: 'ANSWER', code: 'b', value: 'new', epoch: state.epoch }], state);
      expect(current.state.answers).toEqual({ b: 'new' });
    });
  });

  describe('a save when the page is hidden or unloaded', () => {
    it('never creates a response: a page view and a reload before the first Next send nothing', () => {
      const { effects } = drive([...loaded, { type: 'ANSWER', code: 'name', value: 'Ada' }, { type: 'PAGE_HIDDEN' }]);
      expect(effects.filter((e) => e.type !== 'emit')).toEqual([{ type: 'load-live' }]);
    });

    it('saves the current screen once with keepalive, and again only when something changed', () => {
      const onStep2 = drive([
        ...loaded,
        { type: 'ANSWER', code: 'name', value: 'Ada' },
        { type: 'NEXT' },
        { type: 'CREATED', responseId: 'r1' },
        { type: 'SAVED' },
        { type: 'SELECT_TAB', tabId: 't2' },
        { type: 'ANSWER', code: 'b', value: 'typed' },
      ]);
      const hidden = drive([{ type: 'PAGE_HIDDEN' }, { type: 'PAGE_HIDDEN' }], onStep2.state);
      expect(hidden.effects.filter((e) => e.type === 'patch')).toEqual([
        {
          type: 'patch',
          responseId: 'r1',
          keepalive: true,
          body: { answers: { name: 'Ada', b: 'typed' }, lastPosition: { stepId: 's2', tabId: 't2' }, language: 'en' },
        },
      ]);
      const unchanged = drive([{ type: 'SAVED' }, { type: 'PAGE_HIDDEN' }], hidden.state);
      expect(patches(unchanged.effects)).toEqual([]);
      const changed = drive([{ type: 'ANSWER', code: 'b', value: 'more' }, { type: 'PAGE_HIDDEN' }], unchanged.state);
      expect(patches(changed.effects)).toHaveLength(1);
    });

    it('keeps the screen it saved until a save is acknowledged, so a reload that reads the response first shows it', () => {
      const onStep2 = drive([
        ...loaded,
        { type: 'ANSWER', code: 'name', value: 'Ada' },
        { type: 'NEXT' },
        { type: 'CREATED', responseId: 'r1' },
        { type: 'SAVED' },
        { type: 'SELECT_TAB', tabId: 't2' },
        { type: 'ANSWER', code: 'b', value: 'typed' },
      ]);
      const body = {
        answers: { name: 'Ada', b: 'typed' },
        lastPosition: { stepId: 's2', tabId: 't2' },
        language: 'en',
      };
      const hidden = drive([{ type: 'PAGE_HIDDEN' }], onStep2.state);
      expect(hidden.effects).toContainEqual({ type: 'keep-screen', responseId: 'r1', body });
      expect(drive([{ type: 'SAVED' }], hidden.state).effects).toContainEqual({
        type: 'keep-screen',
        responseId: 'r1',
        body: null,
      });

      // The reloaded page reads the response before the unload's save has landed.
      const reloaded = drive([
        { type: 'START', storedResponseId: 'r1', keptScreen: body },
        {
          type: 'REHYDRATED',
          rehydration: {
            status: 'IN_PROGRESS',
            versionNumber: 3,
            answers: { name: 'Ada' },
            lastPosition: { stepId: 's2', tabId: 't1' },
            definition,
            submissionPolicy: 'MULTIPLE',
            language: 'en',
            labels: {},
            hidden: {},
          },
        },
      ]);
      expect(reloaded.state).toMatchObject({ stepId: 's2', tabId: 't2', answers: { name: 'Ada', b: 'typed' } });
      expect(reloaded.state.keptScreen).toBeNull();
      // Not known to be saved: the next hide sends it again.
      expect(patches(drive([{ type: 'PAGE_HIDDEN' }], reloaded.state).effects)).toEqual([body]);
    });

    it('after a rehydration, hiding the page unchanged sends nothing', () => {
      const { effects } = drive([
        { type: 'START', storedResponseId: 'r9' },
        {
          type: 'REHYDRATED',
          rehydration: {
            status: 'IN_PROGRESS',
            versionNumber: 2,
            answers: { name: 'Ada' },
            lastPosition: { stepId: 's2', tabId: 't1' },
            definition,
            submissionPolicy: 'MULTIPLE',
            language: 'en',
            labels: {},
            hidden: {},
          },
        },
        { type: 'PAGE_HIDDEN' },
      ]);
      expect(patches(effects)).toEqual([]);
    });
  });

  it('Submit validates, saves, completes, then shows the completion screen', () => {
    const { state, effects } = drive([...submittedOnLastStep, { type: 'COMPLETED' }]);
    expect(effects.filter((e) => e.type === 'complete')).toEqual([{ type: 'complete', responseId: 'r1' }]);
    expect(state.phase).toBe('completed');
    expect(emitted(effects).slice(-3)).toEqual(['save', 'save', 'complete']);
  });

  it('Submit goes back to an earlier step that no longer passes and shows its errors', () => {
    const { state } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
      { type: 'ANSWER', code: 'b', value: 'B' },
      { type: 'NEXT' },
      { type: 'SAVED' },
      { type: 'ANSWER', code: 'name', value: undefined },
      { type: 'SUBMIT' },
    ]);
    expect(state).toMatchObject({ stepId: 's1', errors: { name: { code: 'REQUIRED' } }, submit: { status: 'idle' } });
  });

  it('waits as long as Retry-After says before retrying a save', () => {
    const { effects } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'REQUEST_FAILED', request: 'patch', problem: problem(503, 'INTERNAL_ERROR'), retryAfterMs: 7000 },
    ]);
    expect(effects.filter((e) => e.type === 'retry-later')).toEqual([{ type: 'retry-later', delayMs: 7000 }]);
  });

  it('retries a completion that failed for a passing reason, saying so, until it is done', () => {
    const submitted = drive([
      ...submittedOnLastStep,
      { type: 'REQUEST_FAILED', request: 'complete', problem: problem(503, 'INTERNAL_ERROR'), retryAfterMs: 2000 },
    ]);
    expect(submitted.state.submit.status).toBe('pending');
    expect(submitted.state.save).toMatchObject({ failures: 1, problem: { status: 503 } });
    expect(submitted.effects.at(-1)).toEqual({ type: 'retry-later', delayMs: 2000 });
    const again = drive(
      [{ type: 'RETRY' }, { type: 'REQUEST_FAILED', request: 'complete', problem: problem(0, 'NETWORK_ERROR') }],
      submitted.state,
    );
    expect(again.effects.filter((e) => e.type === 'complete')).toEqual([{ type: 'complete', responseId: 'r1' }]);
    expect(again.effects.at(-1)).toEqual({ type: 'retry-later', delayMs: 2000 });
    const done = drive([{ type: 'RETRY' }, { type: 'COMPLETED' }], again.state);
    expect(done.state.phase).toBe('completed');
  });

  it('a completion refused for good lets the person try again', () => {
    const { state } = drive([
      ...submittedOnLastStep,
      { type: 'REQUEST_FAILED', request: 'complete', problem: problem(400, 'VALIDATION_FAILED') },
    ]);
    expect(state.submit.status).toBe('failed');
    expect(state.save).toMatchObject({ failures: 0, problem: null });
    const again = drive([{ type: 'SUBMIT' }, { type: 'SAVED' }], state);
    expect(again.effects.filter((e) => e.type === 'complete')).toHaveLength(1);
  });

  it('the first upload creates the response without saving; reset forgets it', () => {
    const { state, effects } = drive([...loaded, { type: 'ENSURE_RESPONSE' }, { type: 'CREATED', responseId: 'r1' }]);
    expect(effects.filter((e) => e.type !== 'emit').map((e) => e.type)).toEqual(['load-live', 'create', 'remember']);
    const reset = drive([{ type: 'RESET' }], state);
    expect(reset.effects).toEqual([{ type: 'forget' }, { type: 'load-live' }]);
    expect(reset.state).toMatchObject({ phase: 'loading', responseId: null, answers: {} });
  });

  describe('issue 24: scheduled, closed, full, and a full quota', () => {
    const closedLive = (
      status: 'SCHEDULED' | 'CLOSED' | 'FULL' | 'OPEN',
      opensAt: string | null = null,
    ): LiveQuestionnaire => ({
      ...live(),
      availability: { status, opensAt, closesAt: null },
    });

    it('a live document that is not OPEN shows why and asks nothing: no create, even on Next or an upload', () => {
      const { state, effects } = drive([
        { type: 'START', storedResponseId: null },
        { type: 'LIVE_LOADED', live: closedLive('SCHEDULED', '2026-12-01T08:00:00Z') },
        { type: 'NEXT' },
        { type: 'SUBMIT' },
        { type: 'ENSURE_RESPONSE' },
        { type: 'PAGE_HIDDEN' },
      ]);
      expect(state).toMatchObject({
        phase: 'closed',
        closed: { reason: 'NOT_YET_OPEN', opensAt: '2026-12-01T08:00:00Z' },
      });
      // Nothing created; the live document asked for again at the opening.
      expect(effects.filter((e) => e.type !== 'emit')).toEqual([
        { type: 'load-live' },
        { type: 'open-at', at: '2026-12-01T08:00:00Z' },
      ]);
      expect(effects.find((e) => e.type === 'emit')).toEqual({
        type: 'emit',
        event: { name: 'ready', detail: { versionNumber: 3, status: 'CLOSED', reason: 'NOT_YET_OPEN' } },
      });
      for (const status of ['CLOSED', 'FULL'] as const) {
        const other = drive([
          { type: 'START', storedResponseId: null },
          { type: 'LIVE_LOADED', live: closedLive(status) },
        ]);
        expect(other.state).toMatchObject({ phase: 'closed', closed: { reason: status } });
        expect(other.effects.map((e) => e.type)).toEqual(['load-live', 'emit']);
        expect(transition(other.state, { type: 'RETRY' }).effects).toEqual([]);
      }
    });

    it('at the opening the live document is asked again with the closed screen kept; still scheduled, the host is not told twice', () => {
      const { state } = drive([
        { type: 'START', storedResponseId: null },
        { type: 'LIVE_LOADED', live: closedLive('SCHEDULED', '2026-12-01T08:00:00Z') },
      ]);
      const retried = transition(state, { type: 'RETRY' });
      expect(retried).toEqual({ state, effects: [{ type: 'load-live' }] });
      const again = transition(state, { type: 'LIVE_LOADED', live: closedLive('SCHEDULED', '2026-12-01T08:00:05Z') });
      expect(again.effects).toEqual([{ type: 'open-at', at: '2026-12-01T08:00:05Z' }]);
      const opened = transition(state, { type: 'LIVE_LOADED', live: closedLive('OPEN') });
      expect(opened.state.phase).toBe('form');
    });

    it('a stored response is rehydrated without asking the live document: the respondent continues', () => {
      const { requests } = drive([{ type: 'START', storedResponseId: 'r1' }]);
      expect(requests).toEqual(['rehydrate']);
    });

    it('a completion refused by a full quota keeps the response, its id and its answers, and retries nothing', () => {
      const quotaFull = { ...problem(409, 'QUOTA_FULL'), quotaId: 'de', endingId: 'e_full' };
      const { state, effects } = drive([
        ...submittedOnLastStep,
        { type: 'REQUEST_FAILED', request: 'complete', problem: quotaFull },
        { type: 'RETRY' },
        { type: 'SUBMIT' },
        { type: 'PAGE_HIDDEN' },
      ]);
      expect(state).toMatchObject({
        phase: 'closed',
        closed: { reason: 'QUOTA_FULL', endingId: 'e_full' },
        responseId: 'r1',
        answers: { name: 'Ada', b: 'B' },
      });
      const last = effects.slice(effects.findIndex((e) => e.type === 'emit' && e.event.name === 'error'));
      expect(last).toEqual([{ type: 'emit', event: { name: 'error', detail: quotaFull } }]);
    });

    it('a creation refused with QUESTIONNAIRE_CLOSED shows its reason; a save never closes the form', () => {
      const closed = { ...problem(409, 'QUESTIONNAIRE_CLOSED'), reason: 'FULL' as const };
      const created = drive([
        ...loaded,
        { type: 'NEXT' },
        { type: 'REQUEST_FAILED', request: 'create', problem: closed },
      ]);
      expect(created.state).toMatchObject({
        phase: 'closed',
        closed: { reason: 'FULL' },
        responseId: null,
        creating: false,
      });
      const saved = drive([
        ...loaded,
        { type: 'NEXT' },
        { type: 'CREATED', responseId: 'r1' },
        { type: 'REQUEST_FAILED', request: 'patch', problem: closed },
      ]);
      expect(saved.state.phase).toBe('form');
    });
  });
});
