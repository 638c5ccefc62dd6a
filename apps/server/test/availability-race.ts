import type { DefinitionInput, Problem, QuestionnaireDetail } from '@forms-engine/schema';
import { expect } from 'vitest';
import { sampleDefinition } from './factories.ts';

// Issue 24's races, shared by the test on two server processes over one Postgres
// (availability-processes.int.test.ts) and the one in one process (availability.int.test.ts, PGlite
// or Postgres): racing completions take exactly the free places of a limit or a quota, every other
// one gets its 409, and repeated completions count nothing again.

export const ROUNDS = 20;

export const withEnding = (): DefinitionInput =>
  sampleDefinition({
    hiddenFields: [{ key: 'utm_source' }],
    endings: [{ id: 'e_full', title: 'We have enough', body: 'Thank you.', visibility: { mode: 'NEVER' } }],
  });

export const redQuota = (limit: number) => ({
  id: 'red',
  name: 'Red',
  limit,
  rule: {
    combinator: 'ALL' as const,
    conditions: [{ source: 'ANSWER' as const, questionCode: 'colour', operator: 'EQUALS' as const, value: 'red' }],
  },
  endingId: 'e_full',
});

async function send(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A published questionnaire with `settings`, made through `base`. */
export async function racedQuestionnaire(base: string, settings: Record<string, unknown>) {
  const created = (await send(base, 'POST', '/api/v1/questionnaires', { name: 'Race' })).body as QuestionnaireDetail;
  expect((await send(base, 'PUT', `/api/v1/questionnaires/${created.id}/draft`, withEnding())).status).toBe(200);
  expect((await send(base, 'POST', `/api/v1/questionnaires/${created.id}/publish`)).status).toBe(200);
  const patched = await send(base, 'PATCH', `/api/v1/questionnaires/${created.id}`, settings);
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return patched.body as QuestionnaireDetail;
}

/** `n` responses started round-robin through `bases`, answered red unless `answered` is false. */
export async function startedRed(bases: string[], publicId: string, n: number, answered = true) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const base = bases[i % bases.length] as string;
      const res = await send(base, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.responseId as string;
      if (!answered) return { base, id };
      const saved = await send(base, 'PATCH', `/public/v1/responses/${id}`, {
        answers: { name: 'Ada', colour: 'red' },
      });
      expect(saved.status).toBeLessThan(300);
      return { base, id };
    }),
  );
}

export interface Outcome {
  id: string;
  status: number;
  code: string | undefined;
  problem: Problem | undefined;
}

/**
 * Every response completes at once, through the process it started on, and the first `repeats`
 * of them a second time alongside (a double click): one outcome per request.
 */
export async function completeAll(sessions: { base: string; id: string }[], repeats: number): Promise<Outcome[]> {
  const requests = [...sessions, ...sessions.slice(0, repeats)];
  return Promise.all(
    requests.map(async ({ base, id }) => {
      const res = await send(base, 'POST', `/public/v1/responses/${id}/complete`);
      return { id, status: res.status, code: res.body?.code, problem: res.body };
    }),
  );
}

export async function detail(base: string, id: string) {
  return (await send(base, 'GET', `/api/v1/questionnaires/${id}`)).body as QuestionnaireDetail;
}

/**
 * What a race must end with: exactly `places` responses answered 200 (for each of their requests),
 * every other request a 409 of `code`, and `completed` COMPLETED responses in all.
 */
export async function expectExactly(
  base: string,
  questionnaireId: string,
  outcomes: Outcome[],
  places: number,
  code: 'QUESTIONNAIRE_CLOSED' | 'QUOTA_FULL',
  completed = places,
) {
  const winners = new Set(outcomes.filter((o) => o.status === 200).map((o) => o.id));
  expect(winners.size).toBe(places);
  for (const outcome of outcomes) {
    if (winners.has(outcome.id)) expect(outcome.status).toBe(200);
    else expect([outcome.status, outcome.code]).toEqual([409, code]);
  }
  const losers = outcomes.filter((o) => o.status === 409);
  if (code === 'QUESTIONNAIRE_CLOSED') for (const o of losers) expect(o.problem?.reason).toBe('FULL');
  else for (const o of losers) expect(o.problem).toMatchObject({ quotaId: 'red', endingId: 'e_full' });
  const after = await detail(base, questionnaireId);
  expect(after.availability.completed).toBe(completed);
  return { winners: [...winners], after };
}
