import { z } from 'zod';
import {
  COMBINATORS,
  CONDITION_SOURCES,
  HIDDEN_FIELD_OPERATORS,
  isListOperator,
  isUnaryOperator,
  OPERATORS,
  RULE_MODES,
} from './rules/vocabulary';

// Built from the rule engine's `as const` arrays (src/rules), never the other way round.
export const RuleMode = z.enum(RULE_MODES);
export type RuleMode = z.infer<typeof RuleMode>;

export const Combinator = z.enum(COMBINATORS);
export const ConditionSource = z.enum(CONDITION_SOURCES);

export const Operator = z.enum(OPERATORS);
export type Operator = z.infer<typeof Operator>;

/** Condition values are plain JSON scalars, or a list of them for IN / NOT_IN. */
const Scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);
export const ConditionValue = z.union([Scalar, z.array(Scalar).max(200)]);

export const Condition = z
  .strictObject({
    source: ConditionSource,
    questionCode: z.string().max(128).optional().describe('Required when source is ANSWER'),
    key: z.string().max(128).optional().describe('The hidden field read; required when source is HIDDEN_FIELD'),
    subField: z
      .string()
      .max(64)
      .optional()
      .describe('Part of a structured answer, e.g. `city` of an ADDRESS; absent means the whole answer'),
    operator: Operator,
    value: ConditionValue.optional().describe('Absent for IS_EMPTY / IS_NOT_EMPTY; a list for IN / NOT_IN'),
  })
  .superRefine((condition, ctx) => {
    if (condition.source === 'ANSWER' && !condition.questionCode) {
      ctx.addIssue({ code: 'custom', path: ['questionCode'], message: 'Required when source is ANSWER' });
    }
    if (condition.source === 'HIDDEN_FIELD') {
      if (!condition.key) {
        ctx.addIssue({ code: 'custom', path: ['key'], message: 'Choose the hidden field this condition reads' });
      }
      if (!(HIDDEN_FIELD_OPERATORS as readonly string[]).includes(condition.operator)) {
        ctx.addIssue({
          code: 'custom',
          path: ['operator'],
          message: `A hidden field holds text, so it cannot be compared with ${condition.operator}: use equals, contains, is one of or is empty`,
        });
      }
    }
    const unary = isUnaryOperator(condition.operator);
    if (!unary && condition.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Required for operator ${condition.operator}` });
    }
    if (isListOperator(condition.operator) && !Array.isArray(condition.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Must be a list for operator ${condition.operator}` });
    }
  })
  .meta({ id: 'Condition' });
export type Condition = z.infer<typeof Condition>;

export const Rule = z
  .strictObject({
    combinator: Combinator.default('ALL'),
    conditions: z.array(Condition).min(1).max(50),
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof Rule>;

export const RuleConfig = z
  .strictObject({
    mode: RuleMode,
    rule: Rule.optional().describe('Required only when mode is CONDITIONAL'),
  })
  .superRefine((config, ctx) => {
    if (config.mode === 'CONDITIONAL' && !config.rule) {
      ctx.addIssue({ code: 'custom', path: ['rule'], message: 'Required when mode is CONDITIONAL' });
    }
  })
  .meta({ id: 'RuleConfig' });
export type RuleConfig = z.infer<typeof RuleConfig>;

export const visibilityDefault = (): RuleConfig => ({ mode: 'ALWAYS' });
export const requirementDefault = (): RuleConfig => ({ mode: 'NEVER' });
