import type { Definition, ElementTexts, Question } from './rules/model';
import { recallTokensOf } from './rules/recall';
import { LABELLED_LISTS, TYPE_CONFIG_TEXTS } from './rules/vocabulary';
import { walkDefinition } from './rules/walk';
import { languageInWords } from './translations';

/**
 * The definition's recall tokens checked: each names a question or a hidden field that exists, and a
 * question only when the respondent has met it by then. A question's texts may recall the questions
 * before it in the walking order; a step's or tab's title only questions of earlier steps (they show
 * above the step's own questions); an ending's texts and redirect address any question. The same
 * holds for every translation of those texts. Messages name the place in words.
 */

type Path = (string | number)[];
type Issue = { path: Path; message: string };

/** What one element's texts may recall, and how a message names the element. */
interface Scope {
  words: string;
  /** Whether the question with this code was asked before the element's texts show. */
  mayRecall(code: string): boolean;
  /** Why a later question cannot be recalled, in words. */
  rule: string;
  /** The element's texts: field path (below the element) -> text. */
  texts: [Path, string][];
}

const FIELD_WORDS: Record<string, string> = {
  prompt: 'prompt',
  sectionTitle: 'section title',
  title: 'title',
  body: 'text',
  redirectUrl: 'redirect address',
  placeholder: 'placeholder',
  label: 'label',
  unit: 'unit',
  minLabel: 'lowest label',
  maxLabel: 'highest label',
  yesLabel: 'yes label',
  noLabel: 'no label',
  otherLabel: 'label of “Other”',
};

function fieldWords(path: Path): string {
  if (path[0] === 'typeConfig' && (LABELLED_LISTS as readonly unknown[]).includes(path[1])) {
    const noun = String(path[1]).slice(0, -1);
    return typeof path[2] === 'number' ? `label of ${noun} ${path[2] + 1}` : `label of ${noun} “${path[2]}”`;
  }
  const last = String(path[path.length - 1]);
  return FIELD_WORDS[last] ?? last;
}

function questionTexts(question: Question): [Path, string][] {
  const texts: [Path, string][] = [
    [['prompt'], question.prompt],
    [['sectionTitle'], question.sectionTitle],
  ];
  const config = question.typeConfig as Record<string, unknown>;
  for (const key of TYPE_CONFIG_TEXTS[question.type] as readonly string[]) {
    if ((LABELLED_LISTS as readonly string[]).includes(key)) {
      ((config[key] ?? []) as { label: string }[]).forEach((item, index) => {
        texts.push([['typeConfig', key, index, 'label'], item.label]);
      });
    } else if (typeof config[key] === 'string') texts.push([['typeConfig', key], config[key] as string]);
  }
  return texts;
}

function translatedTexts(texts: ElementTexts): [Path, string][] {
  const result: [Path, string][] = [];
  for (const field of ['title', 'body', 'prompt', 'sectionTitle'] as const) {
    const text = texts[field];
    if (typeof text === 'string') result.push([[field], text]);
  }
  for (const [key, value] of Object.entries(texts.typeConfig ?? {})) {
    if (typeof value === 'string') result.push([['typeConfig', key], value]);
    else for (const [choice, label] of Object.entries(value)) result.push([['typeConfig', key, choice], label]);
  }
  return result;
}

export function recallIssues(definition: Definition): Issue[] {
  const hiddenKeys = new Set((definition.hiddenFields ?? []).map((field) => field.key));
  const asked = new Map<string, { order: number; step: number }>();
  const scopes = new Map<string, { path: Path; scope: Scope }>();
  const stepIndex = new Map<object, number>();
  for (const [index, step] of (definition.steps ?? []).entries()) stepIndex.set(step, index);

  let order = 0;
  walkDefinition(definition, (element) => {
    const path = [...element.path];
    if (element.kind === 'question') {
      const question = element.question;
      const own = order++;
      const step = element.step ? (stepIndex.get(element.step) ?? -1) : -1;
      asked.set(question.code, { order: own, step });
      scopes.set(question.id, {
        path,
        scope: {
          words: `question “${question.code}”`,
          mayRecall: (code) => (asked.get(code)?.order ?? Number.POSITIVE_INFINITY) < own,
          rule: 'a question can recall only the questions before it',
          texts: questionTexts(question),
        },
      });
      return;
    }
    const container = element.kind === 'step' ? element.step : element.tab;
    const step = element.step;
    const before = step ? (stepIndex.get(step) ?? -1) : -1;
    scopes.set(container.id, {
      path,
      scope: {
        words: `${element.kind} “${container.title || container.id}”`,
        // Questions are registered as the walk reaches them; the check runs after the walk.
        mayRecall: (code) => {
          const at = asked.get(code);
          return at !== undefined && at.step >= 0 && at.step < before;
        },
        rule: `a ${element.kind}'s title can recall only the questions of earlier steps`,
        texts: [[['title'], container.title]],
      },
    });
  });
  (definition.endings ?? []).forEach((ending, index) => {
    const texts: [Path, string][] = [
      [['title'], ending.title],
      [['body'], ending.body],
    ];
    if (ending.redirectUrl) texts.push([['redirectUrl'], ending.redirectUrl]);
    scopes.set(ending.id, {
      path: ['endings', index],
      scope: { words: `ending “${ending.title || ending.id}”`, mayRecall: () => true, rule: '', texts },
    });
  });

  const issues: Issue[] = [];
  const check = (scope: Scope, base: Path, texts: [Path, string][], prefix: string) => {
    for (const [field, text] of texts) {
      const { tokens, malformed } = recallTokensOf(text);
      const where = `${prefix}The ${fieldWords(field)} of ${scope.words}`;
      const path = [...base, ...field];
      for (const raw of malformed) {
        issues.push({
          path,
          message: `${where} has “${raw}”, which names no question or hidden field: write {{code}} or {{hidden.key}}`,
        });
      }
      for (const token of tokens) {
        if (token.source === 'HIDDEN_FIELD') {
          if (!hiddenKeys.has(token.name)) {
            issues.push({
              path,
              message: `${where} recalls “${token.raw}”, but no hidden field has the key “${token.name}”`,
            });
          }
        } else if (!asked.has(token.name)) {
          issues.push({
            path,
            message: `${where} recalls “${token.raw}”, but no question has the code “${token.name}”`,
          });
        } else if (!scope.mayRecall(token.name)) {
          issues.push({
            path,
            message: `${where} recalls “${token.raw}”, which is asked later: ${scope.rule}`,
          });
        }
      }
    }
  };

  for (const { path, scope } of scopes.values()) check(scope, path, scope.texts, '');
  for (const [language, byId] of Object.entries(definition.translations ?? {})) {
    for (const [id, texts] of Object.entries(byId)) {
      const found = scopes.get(id);
      if (!found) continue;
      check(found.scope, ['translations', language, id], translatedTexts(texts), `${languageInWords(language)}: `);
    }
  }
  return issues;
}
