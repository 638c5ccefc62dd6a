import { z } from 'zod';
import { QUESTION_TYPES, type QuestionTypeName } from './question-types';
import { recallIssues } from './recall-checks';
import { RuleConfig, requirementDefault, visibilityDefault } from './rules';
import type * as Model from './rules/model';
import { fillRecall } from './rules/recall';
import { isUnaryOperator, MAX_ENDINGS, MAX_HIDDEN_FIELDS, QUESTION_WIDTHS } from './rules/vocabulary';
import { walkDefinition } from './rules/walk';
import { LanguageTag, Translations, translationIssues } from './translations';

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

/** Types whose typeConfig has required settings (choices, rows, columns), so it cannot be left out. */
type ConfiguredType = 'SINGLE_CHOICE' | 'MULTI_CHOICE' | 'DROPDOWN' | 'MATRIX' | 'RANKING';

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
  const config: (typeof QUESTION_TYPES)[T]['config'] = QUESTION_TYPES[type].config;
  return z.strictObject({ ...questionFields, type: z.literal(type), typeConfig: config });
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
    configuredQuestionOf('MATRIX'),
    configuredQuestionOf('RANKING'),
    questionOf('NPS'),
    questionOf('DATE_TIME'),
    questionOf('TIME'),
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

export const HiddenField = z
  .strictObject({
    key: QuestionCode.describe('How the host page names it (`utm_source`); the question-code pattern'),
    label: z.string().max(200).optional().describe("The builder's name for it (CSV headers); absent: the key"),
  })
  .meta({ id: 'HiddenField' });
export type HiddenField = z.infer<typeof HiddenField>;

/** `https:`, or `http://localhost` on any port for development; checked with its recall tokens filled. */
export function redirectUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(fillRecall(url, () => 'x'));
  } catch {
    return 'Not a web address: write it in full, such as https://example.org/book';
  }
  if (parsed.protocol === 'https:' && parsed.hostname) return undefined;
  if (parsed.protocol === 'http:' && parsed.hostname === 'localhost') return undefined;
  return 'A redirect address must start with https:// (http:// only for localhost, while developing)';
}

const RedirectUrl = z
  .string()
  .max(2000)
  .superRefine((url, ctx) => {
    const problem = redirectUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('https: (or http://localhost); recall tokens are filled URL-encoded');

export const Ending = z
  .strictObject({
    id: ElementId,
    title: z.string().max(500).default(''),
    body: z.string().max(5000).default('').describe('Markdown subset and recall tokens'),
    redirectUrl: RedirectUrl.optional(),
    visibility: RuleConfig.default(() => ({ mode: 'ALWAYS' as const })).describe(
      'When this ending is the one shown: the first ending whose visibility holds wins (default ALWAYS)',
    ),
  })
  .meta({ id: 'Ending' });
export type Ending = z.infer<typeof Ending>;

const DefinitionShape = z.strictObject({
  schemaVersion: z.literal(SCHEMA_VERSION),
  defaultLanguage: LanguageTag.optional().describe('The language of the texts written here; absent means en'),
  translations: Translations.optional(),
  languageSwitcher: z
    .boolean()
    .optional()
    .describe('Show respondents a language switcher when there is more than one language (absent: no)'),
  hiddenFields: z
    .array(HiddenField)
    .max(MAX_HIDDEN_FIELDS)
    .optional()
    .describe('Values the host page passes when a response starts (utm_source, customer_id), stored, never shown'),
  endings: z
    .array(Ending)
    .max(MAX_ENDINGS)
    .optional()
    .describe('Closing screens: the respondent sees the first whose visibility holds; none holds: "Thank you"'),
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
  const matrixRows = new Map<string, Set<string>>();
  const rules: { config: RuleConfig; path: (string | number)[] }[] = [];

  walkDefinition(definition, (element) => {
    const path = [...element.path];
    const node = element.kind === 'step' ? element.step : element.kind === 'tab' ? element.tab : element.question;
    noteId(node.id, [...path, 'id']);
    rules.push({ config: node.visibility as RuleConfig, path: [...path, 'visibility'] });
    rules.push({ config: node.requirement as RuleConfig, path: [...path, 'requirement'] });
    if (element.kind !== 'question') return;
    if (element.question.type === 'MATRIX') {
      matrixRows.set(element.question.code, new Set(element.question.typeConfig.rows.map((row) => row.value)));
    }
    const first = codes.get(element.question.code);
    if (first) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'code'],
        message: `Duplicate code "${element.question.code}" (first used at ${first})`,
      });
    } else codes.set(element.question.code, path.join('.'));
  });

  (definition.endings ?? []).forEach((ending, index) => {
    noteId(ending.id, ['endings', index, 'id']);
    rules.push({ config: ending.visibility as RuleConfig, path: ['endings', index, 'visibility'] });
  });

  const hiddenKeys = new Set<string>();
  (definition.hiddenFields ?? []).forEach((field, index) => {
    const path = ['hiddenFields', index, 'key'];
    if (hiddenKeys.has(field.key)) {
      ctx.addIssue({ code: 'custom', path, message: `Two hidden fields have the key “${field.key}”` });
    } else if (codes.has(field.key)) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `The hidden field “${field.key}” has the code of a question: give one of them another name`,
      });
    }
    hiddenKeys.add(field.key);
  });

  for (const issue of recallIssues(definition as Model.Definition)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }

  for (const issue of translationIssues(definition as Model.Definition)) {
    ctx.addIssue({ code: 'custom', path: ['translations', ...issue.path], message: issue.message });
  }

  for (const { config, path } of rules) {
    config.rule?.conditions.forEach((condition, index) => {
      if (condition.source === 'ANSWER' && condition.questionCode && !codes.has(condition.questionCode)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'rule', 'conditions', index, 'questionCode'],
          message: `No question has code "${condition.questionCode}"`,
        });
      }
      const rows = condition.source === 'ANSWER' ? matrixRows.get(condition.questionCode ?? '') : undefined;
      // A whole grid may only be asked whether it is empty; anything else reads one row.
      const wholeGrid = condition.subField === undefined;
      if (rows && (wholeGrid ? !isUnaryOperator(condition.operator) : !rows.has(condition.subField ?? ''))) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'rule', 'conditions', index, 'subField'],
          message:
            condition.subField === undefined
              ? `Choose which row of the grid “${condition.questionCode}” this condition reads`
              : `The grid “${condition.questionCode}” has no row “${condition.subField}”`,
        });
      }
      if (condition.source === 'HIDDEN_FIELD' && condition.key && !hiddenKeys.has(condition.key)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'rule', 'conditions', index, 'key'],
          message: `No hidden field has the key “${condition.key}”: declare it under Hidden fields first`,
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
const modelsAgree: [
  Assignable<Definition, Model.Definition>,
  Assignable<Question, Model.Question>,
  Assignable<Ending, Model.Ending>,
] = [true, true, true];
void modelsAgree;

export const emptyDefinition = (): Definition => ({
  schemaVersion: SCHEMA_VERSION,
  steps: [],
  tabs: [],
  questions: [],
});
