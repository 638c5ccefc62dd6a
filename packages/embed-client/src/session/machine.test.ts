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
      { type: 'create', body: { versionNumber: 3, externalRef: 'crm-7' } },
    ]);
    expect(patches(effects)).toEqual([{ answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' } }]);
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
      { answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' } },
      { answers: { name: 'Ada', b: 'B' }, lastPosition: { stepId: 's1' } },
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
    expect(patches(effects)).toEqual([{ answers: { name: 'Ada' }, lastPosition: { stepId: 's2', tabId: 't1' } }]);
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
        },
      },
    ]);
    expect(state.stepId).toBe('s1');
  });

  it('a stored response that is gone (404) is forgotten and a fresh start follows', () => {
    const { state, effects } = drive([
      { type: 'START', storedResponseId: 'gone' },
      { type: 'LOAD_FAILED', request: 'rehydrate', problem: problem(404, 'NOT_FOUND') },
      { type: 'LIVE_LOADED', live: live() },
    ]);
    expect(effects.filter((e) => e.type !== 'emit')).toEqual([
      { type: 'rehydrate', responseId: 'gone' },
      { type: 'remember', responseId: null },
      { type: 'load-live' },
    ]);
    expect(state).toMatchObject({ phase: 'form', responseId: null, answers: {} });
  });

  it('a completed response shows the completion screen', () => {
    const { state } = drive([
      { type: 'START', storedResponseId: 'r1' },
      {
        type: 'REHYDRATED',
        rehydration: { status: 'COMPLETED', versionNumber: 1, answers: {}, definition, submissionPolicy: 'MULTIPLE' },
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

  it('a response deleted mid-session is replaced by a fresh one holding the answers (files dropped)', () => {
    const { state, effects } = drive([
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'REQUEST_FAILED', request: 'patch', problem: problem(404, 'NOT_FOUND') },
      { type: 'CREATED', responseId: 'r2' },
    ]);
    expect(effects.filter((e) => e.type === 'create')).toHaveLength(2);
    expect(effects.filter((e) => e.type === 'patch').map((e) => (e as { responseId: string }).responseId)).toEqual([
      'r1',
      'r2',
    ]);
    expect(state.responseId).toBe('r2');
  });

  it('Submit validates, saves, completes, then shows the completion screen', () => {
    const toLast: SessionEvent[] = [
      ...loaded,
      { type: 'ANSWER', code: 'name', value: 'Ada' },
      { type: 'NEXT' },
      { type: 'CREATED', responseId: 'r1' },
      { type: 'SAVED' },
      { type: 'ANSWER', code: 'b', value: 'B' },
      { type: 'NEXT' },
      { type: 'SAVED' },
    ];
    const { state, effects } = drive([...toLast, { type: 'SUBMIT' }, { type: 'SAVED' }, { type: 'COMPLETED' }]);
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

  it('a failed completion lets the person try again', () => {
    const { state } = drive([
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
      { type: 'REQUEST_FAILED', request: 'complete', problem: problem(0, 'NETWORK_ERROR') },
    ]);
    expect(state.submit.status).toBe('failed');
    const again = drive([{ type: 'SUBMIT' }, { type: 'SAVED' }], state);
    expect(again.effects.filter((e) => e.type === 'complete')).toHaveLength(1);
  });

  it('the first upload creates the response without saving; reset forgets it', () => {
    const { state, effects } = drive([...loaded, { type: 'ENSURE_RESPONSE' }, { type: 'CREATED', responseId: 'r1' }]);
    expect(effects.filter((e) => e.type !== 'emit').map((e) => e.type)).toEqual(['load-live', 'create', 'remember']);
    const reset = drive([{ type: 'RESET' }], state);
    expect(reset.effects).toEqual([{ type: 'remember', responseId: null }, { type: 'load-live' }]);
    expect(reset.state).toMatchObject({ phase: 'loading', responseId: null, answers: {} });
  });
});
