import type { ProblemField } from '@forms-engine/schema';
import type { AnswerLimits } from '../config.ts';
import { validationFailed } from '../errors/app-error.ts';

/**
 * Checks answers for shape and size only: no nulls, bounded keys, strings, arrays, nesting
 * and total size. Content is the renderer's business (spec section 1). Returns the answers as
 * JSON, which it had to write anyway to measure them.
 */
export function checkAnswers(answers: Record<string, unknown>, limits: AnswerLimits): string {
  const fields: ProblemField[] = [];
  const fail = (path: string, message: string) => {
    if (fields.length < 20) fields.push({ path, message });
  };

  const keys = Object.keys(answers);
  if (keys.length > limits.maxKeys) fail('answers', `At most ${limits.maxKeys} answers`);
  const json = JSON.stringify(answers);
  const bytes = Buffer.byteLength(json);
  if (bytes > limits.maxBytes) fail('answers', `Answers take ${bytes} bytes; at most ${limits.maxBytes}`);

  // The keys from the answers down to the value being looked at; a path string is written only
  // for a failure (this runs on every save, and nearly every save passes).
  const trail: (string | number)[] = [];
  const here = () => ['answers', ...trail].join('.');
  const visit = (value: unknown, depth: number) => {
    if (value === null) return fail(here(), 'null is not allowed; omit the key to clear an answer');
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) fail(here(), `At most ${limits.maxStringLength} characters`);
      return;
    }
    if (typeof value !== 'object') return;
    if (depth >= limits.maxDepth) return fail(here(), `Nested deeper than ${limits.maxDepth} levels`);
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) fail(here(), `At most ${limits.maxArrayItems} items`);
      for (let index = 0; index < value.length; index++) {
        trail.push(index);
        visit(value[index], depth + 1);
        trail.pop();
      }
      return;
    }
    for (const key of Object.keys(value)) {
      trail.push(key);
      visit((value as Record<string, unknown>)[key], depth + 1);
      trail.pop();
    }
  };

  for (const key of keys) {
    trail.push(key);
    if (key.length === 0 || key.length > limits.maxKeyLength)
      fail(here(), `Keys are 1 to ${limits.maxKeyLength} characters`);
    visit(answers[key], 0);
    trail.pop();
  }
  if (fields.length > 0) throw validationFailed('The answers are not acceptable', fields);
  return json;
}
