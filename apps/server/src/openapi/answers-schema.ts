import type { AnswerLimits } from '../config.ts';

/**
 * The JSON Schema of an answers map under the configured limits: keys 1..maxKeyLength
 * characters, at most maxKeys of them, no null anywhere, strings and arrays bounded, and
 * nesting at most maxDepth below each answer. The total size bound has no JSON Schema
 * keyword, so the description states it.
 */
export function answersSchema(limits: AnswerLimits): Record<string, unknown> {
  const scalar = [{ type: 'string', maxLength: limits.maxStringLength }, { type: 'number' }, { type: 'boolean' }];
  const valueAt = (levelsLeft: number): Record<string, unknown> => {
    if (levelsLeft === 0) return { oneOf: scalar };
    const inner = valueAt(levelsLeft - 1);
    return {
      oneOf: [
        ...scalar,
        { type: 'array', maxItems: limits.maxArrayItems, items: inner },
        { type: 'object', additionalProperties: inner },
      ],
    };
  };
  return {
    type: 'object',
    description:
      `Answers keyed by question code. Checked for shape and size only: at most ${limits.maxKeys} answers and ` +
      `${limits.maxBytes} bytes of JSON in all; null is not allowed anywhere (omit a key to clear an answer).`,
    maxProperties: limits.maxKeys,
    propertyNames: { minLength: 1, maxLength: limits.maxKeyLength },
    additionalProperties: valueAt(limits.maxDepth),
  };
}
