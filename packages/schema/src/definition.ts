import { z } from 'zod';
import { QUESTION_TYPES, type QuestionTypeName } from './question-types';
import { RuleConfig, requirementDefault, visibilityDefault } from './rules';
import type * as Model from './rules/model';
import { QUESTION_WIDTHS } from './rules/vocabulary';
import { walkDefinition } from './rules/walk';

export const SCHEMA_VERSION = 1;

const ElementId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, "_" and "-" only');

export const QuestionCode = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'Starts with a letter or "_", then letters, digits, "_" or "-"');

export const QuestionWidth = z.enum(QUESTION_WIDTHS);
export type QuestionWidth = z.infer<typeof QuestionWidth>;

const visibility = RuleConfig.default(visibilityDefault);
const requirement = RuleConfig.default(requirementDefault);

const questionFields = {
  id: ElementId,
  code: QuestionCode,
  sectionTitle: z.string().max(500).default(''),
  prompt: z.string().max(5000).default(''),
  width: QuestionWidth.default('FULL'),
  visibility,
  requirement,
};

/** Types whose typeConfig has required settings (their choices), so it cannot be left out. */
type ConfiguredType = 'SINGLE_CHOICE' | 'MULTI_CHOICE' | 'DROPDOWN';

function questionOf<T extends Exclude<QuestionTypeName, ConfiguredType>>(type: T) {
  const config: (typeof QUESTION_TYPES)[T]['config'] = QUESTION_TYPES[type].config;
  return z.strictObject({
    ...questionFields,
    type: z.literal(type),
    // An absent typeConfig means "all defaults".
    typeConfig: z.prefault(config, {} as z.input<typeof config>),
  });
}

function configuredQuestionOf<T extends ConfiguredType>(type: T) {
  return z.strictObject({ ...questionFields, type: z.literal(type), typeConfig: QUESTION_TYPES[type].config });
}

// Spelled out (not mapped) so TypeScript keeps one precise member per type.
export const Question = z
  .discriminatedUnion('type', [
    questionOf('SHORT_TEXT'),
    questionOf('LONG_TEXT'),
    questionOf('NUMBER'),
    questionOf('EMAIL'),
    questionOf('PHONE'),
    questionOf('URL'),
    questionOf('DATE'),
    configuredQuestionOf('SINGLE_CHOICE'),
    configuredQuestionOf('MULTI_CHOICE'),
    configuredQuestionOf('DROPDOWN'),
    questionOf('YES_NO'),
    questionOf('RATING'),
    questionOf('FILE_UPLOAD'),
    questionOf('ADDRESS'),
    questionOf('CONSENT'),
    questionOf('STATEMENT'),
  ])
  .meta({ id: 'Question' });
export type Question = z.infer<typeof Question>;

const questionList = z.array(Question).max(500).default([]);

export const Tab = z
  .strictObject({
    id: ElementId,
    title: z.string().max(500).default(''),
    visibility,
    requirement,
    questions: questionList,
  })
  .meta({ id: 'Tab' });
export type Tab = z.infer<typeof Tab>;

const tabList = z.array(Tab).max(100).default([]);

export const Step = z
  .strictObject({
    id: ElementId,
    title: z.string().max(500).default(''),
    visibility,
    requirement,
    tabs: tabList,
    questions: questionList,
  })
  .meta({ id: 'Step' });
export type Step = z.infer<typeof Step>;

const DefinitionShape = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  steps: z.array(Step).max(100).default([]),
  tabs: tabList,
  questions: questionList,
});

/** Every question of a definition, whichever layout it uses, in the rule engine's walking order. */
export function allQuestions(definition: Pick<Definition, 'steps' | 'tabs' | 'questions'>): Question[] {
  const questions: Question[] = [];
  walkDefinition(definition, (element) => {
    // The walker types elements with the plain model; these are the Zod-parsed originals.
    if (element.kind === 'question') questions.push(element.question as Question);
  });
  return questions;
}

/**
 * Cross-field checks: one layout per definition (steps, or top-level tabs, or
 * top-level questions), unique ids and codes, and rules that name real questions.
 */
function checkStructure(definition: z.infer<typeof DefinitionShape>, ctx: z.RefinementCtx) {
  const layouts = [definition.steps, definition.tabs, definition.questions].filter((list) => list.length > 0);
  if (layouts.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: 'Use one layout: steps, or top-level tabs, or top-level questions',
    });
  }

  const ids = new Map<string, string>();
  const noteId = (id: string, path: (string | number)[]) => {
    const first = ids.get(id);
    if (first) ctx.addIssue({ code: 'custom', path, message: `Duplicate id "${id}" (first used at ${first})` });
    else ids.set(id, path.join('.'));
  };
  const codes = new Map<string, string>();
  const rules: { config: RuleConfig; path: (string | number)[] }[] = [];

  walkDefinition(definition, (element) => {
    const path = [...element.path];
    const node = element.kind === 'step' ? element.step : element.kind === 'tab' ? element.tab : element.question;
    noteId(node.id, [...path, 'id']);
    rules.push({ config: node.visibility as RuleConfig, path: [...path, 'visibility'] });
    rules.push({ config: node.requirement as RuleConfig, path: [...path, 'requirement'] });
    if (element.kind !== 'question') return;
    const first = codes.get(element.question.code);
    if (first) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'code'],
        message: `Duplicate code "${element.question.code}" (first used at ${first})`,
      });
    } else codes.set(element.question.code, path.join('.'));
  });

  for (const { config, path } of rules) {
    config.rule?.conditions.forEach((condition, index) => {
      if (condition.source === 'ANSWER' && condition.questionCode && !codes.has(condition.questionCode)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'rule', 'conditions', index, 'questionCode'],
          message: `No question has code "${condition.questionCode}"`,
        });
      }
    });
  }
}

export const Definition = DefinitionShape.superRefine(checkStructure).meta({ id: 'Definition' });

/** A definition with extra top-level fields (e.g. a path id), checked the same way. */
export function definitionWith<Extra extends z.ZodRawShape>(extra: Extra) {
  return DefinitionShape.extend(extra).superRefine((value, ctx) =>
    checkStructure(value as z.infer<typeof DefinitionShape>, ctx),
  );
}
export type Definition = z.infer<typeof Definition>;
export type DefinitionInput = z.input<typeof Definition>;

// Compile-time proof that the Zod model and the rule engine's plain model agree.
type Assignable<From, To> = [From] extends [To] ? true : never;
const modelsAgree: [Assignable<Definition, Model.Definition>, Assignable<Question, Model.Question>] = [true, true];
void modelsAgree;

export const emptyDefinition = (): Definition => ({
  schemaVersion: SCHEMA_VERSION,
  steps: [],
  tabs: [],
  questions: [],
});
