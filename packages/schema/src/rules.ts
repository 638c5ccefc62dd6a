import { z } from 'zod';

export const RuleMode = z.enum(['ALWAYS', 'NEVER', 'CONDITIONAL']);
export type RuleMode = z.infer<typeof RuleMode>;

export const Combinator = z.enum(['ALL', 'ANY']);
export const ConditionSource = z.enum(['ANSWER', 'EXTERNAL_REF']);

export const Operator = z.enum([
  'EQUALS',
  'NOT_EQUALS',
  'CONTAINS',
  'NOT_CONTAINS',
  'IN',
  'NOT_IN',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
]);
export type Operator = z.infer<typeof Operator>;

const UNARY_OPERATORS: readonly Operator[] = ['IS_EMPTY', 'IS_NOT_EMPTY'];
const LIST_OPERATORS: readonly Operator[] = ['IN', 'NOT_IN'];

/** Condition values are plain JSON scalars, or a list of them for IN / NOT_IN. */
const Scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);
export const ConditionValue = z.union([Scalar, z.array(Scalar).max(200)]);

export const Condition = z
  .strictObject({
    source: ConditionSource,
    questionCode: z.string().max(128).optional().describe('Required when source is ANSWER'),
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
    const unary = UNARY_OPERATORS.includes(condition.operator);
    if (!unary && condition.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Required for operator ${condition.operator}` });
    }
    if (LIST_OPERATORS.includes(condition.operator) && !Array.isArray(condition.value)) {
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
