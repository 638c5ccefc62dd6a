import { describe, expect, it } from 'vitest';
import { allQuestions, Definition, type DefinitionInput } from '../definition';
import { screensOf, walkDefinition } from './walk';

const q = (code: string) => ({ id: code, code, type: 'SHORT_TEXT' as const });

describe('walkDefinition', () => {
  const definition = Definition.parse({
    schemaVersion: 1,
    steps: [
      { id: 's1', questions: [q('a')], tabs: [{ id: 't1', questions: [q('b')] }] },
      { id: 's2', tabs: [{ id: 't2', questions: [q('c')] }] },
    ],
  } as DefinitionInput);

  it('visits a step, its own questions, then its tabs and their questions, with paths', () => {
    const visited: string[] = [];
    walkDefinition(definition, (element) => {
      const id =
        element.kind === 'step' ? element.step.id : element.kind === 'tab' ? element.tab.id : element.question.code;
      visited.push(`${element.kind}:${id}@${element.path.join('.')}`);
    });
    expect(visited).toEqual([
      'step:s1@steps.0',
      'question:a@steps.0.questions.0',
      'tab:t1@steps.0.tabs.0',
      'question:b@steps.0.tabs.0.questions.0',
      'step:s2@steps.1',
      'tab:t2@steps.1.tabs.0',
      'question:c@steps.1.tabs.0.questions.0',
    ]);
    expect(allQuestions(definition).map((question) => question.code)).toEqual(['a', 'b', 'c']);
  });

  it('makes one screen per step, or one screen for a definition without steps', () => {
    expect(screensOf(definition).map((screen) => screen.id)).toEqual(['s1', 's2']);
    const tabs = Definition.parse({ schemaVersion: 1, tabs: [{ id: 't', questions: [q('x')] }] } as DefinitionInput);
    expect(screensOf(tabs)).toEqual([{ id: null, step: null, questions: [], tabs: tabs.tabs }]);
    expect(screensOf({})).toEqual([{ id: null, step: null, questions: [], tabs: [] }]);
  });
});
