import { type Answers, type Definition, questionPlaces, validateAnswer } from '@forms-engine/schema/rules';
import type { HiddenValues } from '../client/types';
import type { Given } from './state';

/**
 * What a new response starts with, once the questionnaire is known: the hidden values it declares
 * (the server takes up to 1,000 characters each; a longer one would refuse the whole creation),
 * and prefilled answers that pass the rule engine's `validateAnswer`. Each value left out is a
 * warning for the host's developer, naming it.
 */
export function startingValues(
  definition: Definition,
  given: Given,
): { hidden: HiddenValues; answers: Answers; warnings: string[] } {
  const warnings: string[] = [];
  const hidden: HiddenValues = {};
  for (const { key } of definition.hiddenFields ?? []) {
    const value = given.hidden[key];
    if (typeof value !== 'string') continue;
    if (value.length > 1000) warnings.push(`hidden field ${key} (over 1,000 characters)`);
    else hidden[key] = value;
  }
  const questions = new Map(questionPlaces(definition).map(({ question }) => [question.code, question]));
  const answers: Record<string, unknown> = {};
  for (const [code, given_] of Object.entries(given.prefill)) {
    const question = questions.get(code);
    // A query string brings text: a number, yes/no (`true`/`false`) or one choice of several is read from it.
    const value =
      typeof given_ !== 'string'
        ? given_
        : question?.type === 'NUMBER'
          ? given_.trim() && Number(given_)
          : question?.type === 'YES_NO'
            ? { true: true, false: false }[given_]
            : question?.type === 'MULTI_CHOICE'
              ? [given_]
              : given_;
    if (question && question.type !== 'STATEMENT' && value !== '' && value !== undefined) {
      const error = validateAnswer(question, value, false);
      if (!error) {
        answers[code] = value;
        continue;
      }
    }
    warnings.push(`prefill ${code} (${question ? 'not a valid answer' : 'no such question'})`);
  }
  return { hidden, answers, warnings: warnings.map((warning) => `Forms Engine: ignored ${warning}`) };
}
