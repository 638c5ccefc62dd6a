import type { DefinitionInput, QuestionnaireDetail } from '@forms-engine/schema';
import { expect } from 'vitest';
import { call, type TestServer } from './harness.ts';

let counter = 0;

export async function createQuestionnaire(server: TestServer, name = `Questionnaire ${++counter}`) {
  const res = await call(server, 'POST', '/api/v1/questionnaires', { name });
  expect(res.status).toBe(201);
  return res.body as QuestionnaireDetail;
}

export async function getQuestionnaire(server: TestServer, id: string) {
  const res = await call(server, 'GET', `/api/v1/questionnaires/${id}`);
  expect(res.status).toBe(200);
  return res.body as QuestionnaireDetail;
}

/** A small valid definition using top-level questions. */
export function sampleDefinition(overrides: Partial<DefinitionInput> = {}): DefinitionInput {
  return {
    schemaVersion: 1,
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
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'name', operator: 'IS_NOT_EMPTY' }],
          },
        },
      },
    ],
    ...overrides,
  };
}

export async function createPublished(server: TestServer, definition: DefinitionInput = sampleDefinition()) {
  const questionnaire = await createQuestionnaire(server);
  expect((await call(server, 'PUT', `/api/v1/questionnaires/${questionnaire.id}/draft`, definition)).status).toBe(200);
  const published = await call(server, 'POST', `/api/v1/questionnaires/${questionnaire.id}/publish`);
  expect(published.status).toBe(200);
  return published.body as QuestionnaireDetail;
}
