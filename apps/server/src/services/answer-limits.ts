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

  const visit = (value: unknown, path: string, depth: number) => {
    if (value === null) return fail(path, 'null is not allowed; omit the key to clear an answer');
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) fail(path, `At most ${limits.maxStringLength} characters`);
      return;
    }
    if (typeof value !== 'object') return;
    if (depth >= limits.maxDepth) return fail(path, `Nested deeper than ${limits.maxDepth} levels`);
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) fail(path, `At most ${limits.maxArrayItems} items`);
      value.forEach((item, index) => {
        visit(item, `${path}.${index}`, depth + 1);
      });
      return;
    }
    for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`, depth + 1);
  };

  for (const key of keys) {
    const path = `answers.${key}`;
    if (key.length === 0 || key.length > limits.maxKeyLength)
      fail(path, `Keys are 1 to ${limits.maxKeyLength} characters`);
    visit(answers[key], path, 0);
  }
  if (fields.length > 0) throw validationFailed('The answers are not acceptable', fields);
  return json;
}
