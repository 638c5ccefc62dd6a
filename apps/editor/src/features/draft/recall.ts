import type { Definition, ElementTexts, Question } from '@forms-engine/schema';
import { parseRecallToken, recallTokensOf, TYPE_CONFIG_TEXTS, walkDefinition } from '@forms-engine/schema/rules';
import { hiddenFieldName, questionName } from '../../definition-words/index.ts';
import type { Selection } from './model.ts';

/**
 * Recall tokens in the draft's texts (`{{code}}`, `{{hidden.key}}`, the grammar is the schema's):
 * what a text may recall (the order rule of the schema's recall checks), tokens that follow a
 * renamed code or key, and tokens that go with a removed hidden field. Pure, like model.ts.
 */

type Source = 'ANSWER' | 'HIDDEN_FIELD';
type MapText = (text: string) => string;

const TOKEN = /\{\{([^}]*)\}\}/g;

/** One thing a text may recall, for the "Insert answer" list. */
export interface RecallOption {
  /** The token inserted: `{{q_name}}` or `{{hidden.utm_source}}`. */
  token: string;
  /** How the list names it: "Answer to “Your name?”", "The hidden field utm_source". */
  words: string;
}

function mapQuestionTexts(question: Question, map: MapText): Question {
  const config = { ...(question.typeConfig as Record<string, unknown>) };
  for (const key of TYPE_CONFIG_TEXTS[question.type] as readonly string[]) {
    if (key === 'choices' && Array.isArray(config.choices)) {
      config.choices = (config.choices as { label: string }[]).map((choice) => ({
        ...choice,
        label: map(choice.label),
      }));
    } else if (typeof config[key] === 'string') config[key] = map(config[key] as string);
  }
  return {
    ...question,
    prompt: map(question.prompt),
    sectionTitle: map(question.sectionTitle),
    typeConfig: config,
  } as Question;
}

function mapElementTexts(texts: ElementTexts, map: MapText): ElementTexts {
  const next: Record<string, unknown> = { ...texts };
  for (const field of ['title', 'body', 'prompt', 'sectionTitle'] as const) {
    const text = texts[field];
    if (typeof text === 'string') next[field] = map(text);
  }
  if (texts.typeConfig) {
    next.typeConfig = Object.fromEntries(
      Object.entries(texts.typeConfig).map(([key, value]) => [
        key,
        typeof value === 'string'
          ? map(value)
          : Object.fromEntries(Object.entries(value).map(([choice, label]) => [choice, map(label)])),
      ]),
    );
  }
  return next as ElementTexts;
}

/** Every text a respondent reads (and every translation of it, and the redirect addresses) through `map`. */
export function mapRespondentTexts(definition: Definition, map: MapText): Definition {
  const questions = (list: readonly Question[]) => list.map((question) => mapQuestionTexts(question, map));
  type Tabbed = { title: string; questions: Question[] };
  const tab = <T extends Tabbed>(t: T): T => ({ ...t, title: map(t.title), questions: questions(t.questions) });
  const next: Definition = {
    ...definition,
    questions: questions(definition.questions),
    tabs: definition.tabs.map(tab),
    steps: definition.steps.map((step) => ({ ...tab(step), tabs: step.tabs.map(tab) })),
  };
  if (definition.endings) {
    next.endings = definition.endings.map((ending) => {
      const changed = { ...ending, title: map(ending.title), body: map(ending.body) };
      if (ending.redirectUrl) changed.redirectUrl = map(ending.redirectUrl);
      return changed;
    });
  }
  if (definition.translations) {
    next.translations = Object.fromEntries(
      Object.entries(definition.translations).map(([language, byId]) => [
        language,
        Object.fromEntries(Object.entries(byId).map(([id, texts]) => [id, mapElementTexts(texts, map)])),
      ]),
    );
  }
  return next;
}

const tokenFor = (source: Source, name: string, fallback: string) => {
  const named = source === 'HIDDEN_FIELD' ? `hidden.${name}` : name;
  return fallback ? `{{${named}|${fallback}}}` : `{{${named}}}`;
};

/** Replaces each token naming `name` of `source` in one text. */
function replaceTokens(text: string, source: Source, name: string, by: (fallback: string) => string): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (raw) => {
    const token = parseRecallToken(raw);
    return token && token.source === source && token.name === name ? by(token.fallback) : raw;
  });
}

/** The tokens naming `from` now name `to`, in every text and translation (the same definition when none do). */
export function renameTokens(definition: Definition, source: Source, from: string, to: string): Definition {
  if (from === to || textsRecalling(definition, source, from) === 0) return definition;
  return mapRespondentTexts(definition, (text) =>
    replaceTokens(text, source, from, (fallback) => tokenFor(source, to, fallback)),
  );
}

/** The tokens naming `name` give way to their fallback text (nothing when they have none). */
export function dropTokens(definition: Definition, source: Source, name: string): Definition {
  if (textsRecalling(definition, source, name) === 0) return definition;
  return mapRespondentTexts(definition, (text) => replaceTokens(text, source, name, (fallback) => fallback));
}

/** How many texts (translations included) recall `name`. */
export function textsRecalling(definition: Definition, source: Source, name: string): number {
  let count = 0;
  mapRespondentTexts(definition, (text) => {
    if (recallTokensOf(text).tokens.some((token) => token.source === source && token.name === name)) count++;
    return text;
  });
  return count;
}

/**
 * What the texts of the selected element may recall: the questions a respondent has met by then
 * (a question's texts: the questions before it; a step's or tab's title: the questions of earlier
 * steps; an ending: every question), by prompt, then the hidden fields. A statement has no answer.
 */
export function recallOptions(definition: Definition, selection: Selection | undefined): RecallOption[] {
  if (!selection || selection.kind === 'hidden') return [];
  const stepIndex = new Map<object, number>(definition.steps.map((step, index) => [step, index]));
  const asked: { question: Question; step: number }[] = [];
  let before: number | undefined;
  let stepLimit: number | undefined;
  const ownPath =
    selection.kind === 'question'
      ? [
          ...(selection.container.step === undefined ? [] : ['steps', selection.container.step]),
          ...(selection.container.tab === undefined ? [] : ['tabs', selection.container.tab]),
          'questions',
          selection.index,
        ].join('.')
      : undefined;
  walkDefinition(definition, (element) => {
    if (element.kind !== 'question') return;
    if (element.path.join('.') === ownPath) before = asked.length;
    asked.push({
      question: element.question as Question,
      step: element.step ? (stepIndex.get(element.step) ?? -1) : -1,
    });
  });
  if (selection.kind === 'step') stepLimit = selection.step;
  if (selection.kind === 'tab') stepLimit = selection.step ?? -1;
  const offered = asked.filter(({ question, step }, index) => {
    if (question.type === 'STATEMENT') return false;
    if (selection.kind === 'question') return before !== undefined && index < before;
    if (stepLimit !== undefined) return step >= 0 && step < stepLimit;
    return true;
  });
  return [
    ...offered.map(({ question }) => ({
      token: `{{${question.code}}}`,
      words: `Answer to “${questionName(question)}”`,
    })),
    ...(definition.hiddenFields ?? []).map((field) => ({
      token: `{{hidden.${field.key}}}`,
      words: `The hidden field ${hiddenFieldName(field)}`,
    })),
  ];
}

/**
 * The tokens of one text in words, for the line under its field: “Your name?” (q_name), the
 * hidden field utm_source; a token naming nothing known says so.
 */
export function tokensInWords(definition: Definition, text: string): string[] {
  const { tokens } = recallTokensOf(text);
  if (tokens.length === 0) return [];
  const byCode = new Map<string, Question>();
  walkDefinition(definition, (element) => {
    if (element.kind === 'question') byCode.set(element.question.code, element.question as Question);
  });
  const hidden = new Map((definition.hiddenFields ?? []).map((field) => [field.key, field]));
  const words = tokens.map((token) => {
    if (token.source === 'HIDDEN_FIELD') {
      const field = hidden.get(token.name);
      return field ? `the hidden field ${hiddenFieldName(field)}` : `${token.raw}, which names no hidden field`;
    }
    const question = byCode.get(token.name);
    return question ? `“${questionName(question)}” (${token.name})` : `${token.raw}, which names no question`;
  });
  return [...new Set(words)];
}
