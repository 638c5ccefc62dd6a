import { type Condition, Definition, QUESTION_TYPES, type Question, type Step, type Tab } from '@forms-engine/schema';
import {
  isChoiceType,
  isListOperator,
  LABELLED_LISTS,
  type LabelledList,
  parseRecallToken,
  walkDefinition,
} from '@forms-engine/schema/rules';
import { plainText } from '@forms-engine/schema/text';
import { languageName, oneLine, questionName, settingName, translatableTexts } from '../../definition-words/index.ts';
import { LIST_WORDS } from './list-words.ts';
import { type Selection, selectionOfPath } from './model.ts';

/**
 * What keeps a draft from being saved, in a builder's words: each problem names the element
 * ("“Pet name”, visibility condition 1"), says what to do ("Choose the value this condition
 * compares with."), and knows the field to select and focus. The API's own schema decides what
 * is a problem (the same check the server makes); this module only words it. Codes, JSON
 * paths and type constants never reach the sentence.
 */
export interface DraftProblem {
  /** The API path of the field (`steps.1.questions.3.visibility.rule.conditions.0.value`). */
  path: string;
  message: string;
  /** The element and the part of it: "“Pet name”, visibility condition 1". */
  where: string;
  selection?: Selection | undefined;
  /** The id of the input to focus once the element is selected. */
  fieldId?: string | undefined;
  /** A translation's problem: fixed on the Translate screen, in this language, at this text (`q_name.prompt`). */
  translation?: { language: string; key?: string | undefined } | undefined;
}

/** The Translate screen's field for one text (`q_name.prompt`): an id that any choice value makes valid. */
export const translationFieldId = (key: string) =>
  `translation-${key.replace(/[^A-Za-z0-9_.-]/g, (c) => `~${c.codePointAt(0)?.toString(16)}`)}`;

/** Where a translation's problem is fixed, relative to the questionnaire's draft. */
export const translateHref = ({ language, key }: { language: string; key?: string | undefined }) =>
  `translate?language=${encodeURIComponent(language)}${key ? `#${translationFieldId(key)}` : ''}`;

/** A problem under `translations`, worded by the text it is about: "German: the prompt of “Name”". */
function translationProblem(definition: Definition, issue: Issue): DraftProblem {
  const [, language, id, ...rest] = issue.path.map(String);
  const path = issue.path.join('.');
  if (!language || !id)
    return { path, message: sentence(issue.message), where: 'The languages', translation: undefined };
  const field = rest.join('.');
  const text = translatableTexts(definition).find((entry) => entry.id === id && entry.field === field);
  const where = text ? `${languageName(language)}: ${text.name}` : languageName(language);
  const message = !text
    ? 'A translation of a text this questionnaire does not have (any more). It goes with your next edit.'
    : issue.code === 'too_big' && issue.origin === 'string'
      ? `Shorten this to at most ${Number(issue.maximum)} characters.`
      : sentence(issue.message);
  return {
    path,
    message,
    where,
    translation: { language, key: text?.key },
    ...(text ? { fieldId: translationFieldId(text.key) } : {}),
  };
}

/** A problem as the schema (or the server) reports it, before it is worded. */
interface Issue {
  path: (string | number)[];
  code: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  origin?: string;
  expected?: string;
}

type Element = { kind: 'step'; step: Step } | { kind: 'tab'; tab: Tab } | { kind: 'question'; question: Question };

interface Place {
  element: Element;
  /** The element's path segments, and its order in the outline. */
  path: (string | number)[];
  order: number;
  /** "Step 2", "About you › Tab 1": where an untitled question sits. */
  container: string;
}

const shorten = (text: string, max = 48) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const titled = (title: string) => shorten(plainText(title).replace(/\s+/g, ' ').trim());

/** Every element with its path and a name for the places questions sit in. */
function placesOf(definition: Definition): Place[] {
  const places: Place[] = [];
  const stepNames = new Map<Step, string>();
  walkDefinition(definition, (walked) => {
    const order = places.length;
    const path = [...walked.path];
    if (walked.kind === 'step') {
      const index = definition.steps.indexOf(walked.step as Step);
      const name = `Step ${index + 1}${walked.step.title ? ` “${titled(walked.step.title)}”` : ''}`;
      stepNames.set(walked.step as Step, name);
      places.push({ element: { kind: 'step', step: walked.step as Step }, path, order, container: name });
    } else if (walked.kind === 'tab') {
      const inStep = walked.step ? `${stepNames.get(walked.step as Step)}, ` : '';
      const name = `${inStep}tab${walked.tab.title ? ` “${titled(walked.tab.title)}”` : ` ${Number(path.at(-1)) + 1}`}`;
      places.push({ element: { kind: 'tab', tab: walked.tab as Tab }, path, order, container: name });
    } else {
      const around = walked.tab
        ? places.find((p) => p.element.kind === 'tab' && p.element.tab === walked.tab)
        : walked.step
          ? places.find((p) => p.element.kind === 'step' && p.element.step === walked.step)
          : undefined;
      places.push({
        element: { kind: 'question', question: walked.question as Question },
        path,
        order,
        container: around?.container ?? 'the questionnaire',
      });
    }
  });
  return places;
}

function elementName(place: Place): string {
  const { element } = place;
  if (element.kind === 'question') {
    const name = oneLine(element.question.prompt);
    return name ? `“${shorten(name)}”` : `An untitled question in ${place.container}`;
  }
  if (element.kind === 'tab') return place.container.charAt(0).toUpperCase() + place.container.slice(1);
  return place.container;
}

const RULE_WORDS = { visibility: 'visibility', requirement: 'requirement' } as const;

/** "“Pet name”, visibility condition 1" / "“Colour”, choice 2". */
function whereOf(place: Place, rest: (string | number)[]): string {
  const name = elementName(place);
  const [first, second, third, fourth] = rest;
  if ((first === 'visibility' || first === 'requirement') && second === 'rule' && third === 'conditions') {
    return typeof fourth === 'number'
      ? `${name}, ${RULE_WORDS[first]} condition ${fourth + 1}`
      : `${name}, ${RULE_WORDS[first]}`;
  }
  if (first === 'visibility' || first === 'requirement') return `${name}, ${RULE_WORDS[first]}`;
  if (first === 'typeConfig' && isLabelledList(second) && typeof third === 'number')
    return `${name}, ${ITEM_NOUN[second]} ${third + 1}`;
  return name;
}

/** One item of each labelled list, as the properties name it: "choice 2", "row 1", "column 3". */
const ITEM_NOUN: Record<LabelledList, string> = { choices: 'choice', rows: 'row', columns: 'column' };
const isLabelledList = (key: unknown): key is LabelledList => (LABELLED_LISTS as readonly unknown[]).includes(key);

const MIN_FIELD: Record<string, string> = { minLength: 'minLength', minSelected: 'minSelected' };

/** The id of the input that edits `rest` (the path inside the element), as properties.tsx names them. */
function fieldIdOf(element: Element, rest: (string | number)[]): string | undefined {
  const [first, second, third, fourth] = rest;
  switch (first) {
    case 'code':
      return 'question-code';
    case 'prompt':
      return 'question-prompt';
    case 'sectionTitle':
      return 'question-section';
    case 'type':
      return 'question-type';
    case 'width':
      return 'question-width';
    case 'title':
      return 'section-title';
    case 'visibility':
    case 'requirement': {
      if (typeof fourth !== 'number') return `${first}-mode`;
      const part = rest[4];
      const control =
        part === 'questionCode' || part === 'source' || part === 'key'
          ? 'source'
          : part === 'subField'
            ? 'subfield'
            : part;
      return `${first}-condition-${fourth}-${control ?? 'source'}`;
    }
    case 'typeConfig': {
      if (isLabelledList(second)) {
        const noun = ITEM_NOUN[second];
        if (typeof third !== 'number') return `${noun}-label-0`;
        return `${noun}-${fourth === 'label' ? 'label' : 'value'}-${third}`;
      }
      if (second === 'min' && element.kind === 'question') {
        // A "min above max" check reports `min` even for types whose field is minLength or minSelected.
        const config = Object.keys(element.question.typeConfig ?? {});
        const named = config.find((key) => MIN_FIELD[key]);
        if (named && !config.includes('min')) return `type-config-${named}`;
      }
      return typeof second === 'string' ? `type-config-${second}` : undefined;
    }
    default:
      return undefined;
  }
}

const valueAt = (root: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], root);

/** The value input of a condition is a select (choices, yes/no) or something typed. */
function valueVerb(condition: Condition, questions: Map<string, Question>): 'Choose' | 'Enter' {
  const read = condition.source === 'ANSWER' ? questions.get(condition.questionCode ?? '') : undefined;
  if (read && !condition.subField && (isChoiceType(read.type) || read.type === 'YES_NO')) return 'Choose';
  if (read && ['MATRIX', 'RANKING', 'NPS'].includes(read.type)) return 'Choose';
  return read?.type === 'DATE' || read?.type === 'DATE_TIME' || read?.type === 'TIME' ? 'Choose' : 'Enter';
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

function bound(issue: Issue, kind: 'least' | 'most'): string {
  const value = Number(kind === 'least' ? issue.minimum : issue.maximum);
  if (issue.origin === 'string') return `Shorten this to at most ${value} characters.`;
  if (issue.origin === 'array') {
    return kind === 'least' ? `Add at least ${value}.` : `Use at most ${value}.`;
  }
  const exclusive = issue.inclusive === false;
  if (kind === 'least') return exclusive ? `Use a number above ${value}.` : `Use a number of at least ${value}.`;
  return exclusive ? `Use a number below ${value}.` : `Use a number of at most ${value}.`;
}

/**
 * The endings and the hidden fields as places too (after every step), so their problems are named
 * and lead to their fields: "Ending “You qualify”, visibility condition 1", "Hidden field 2".
 */
function closingPlaces(definition: Definition, order: number): Place[] {
  const places: Place[] = [];
  (definition.endings ?? []).forEach((ending, index) => {
    const name = `Ending ${index + 1}${ending.title ? ` “${titled(ending.title)}”` : ''}`;
    // An ending has a title and a rule as a step has: it is worded as one.
    places.push({
      element: { kind: 'step', step: ending as unknown as Step },
      path: ['endings', index],
      order,
      container: name,
    });
  });
  (definition.hiddenFields ?? []).forEach((field, index) => {
    const name = `Hidden field ${index + 1}${field.key ? ` “${field.key}”` : ''}`;
    places.push({
      element: { kind: 'step', step: field as unknown as Step },
      path: ['hiddenFields', index],
      order,
      container: name,
    });
  });
  return places;
}

const ENDING_FIELDS: Record<string, string> = {
  title: 'ending-title',
  body: 'ending-body',
  redirectUrl: 'ending-redirect',
};

/** The input of an ending's or a hidden field's field, as their panels name them. */
function closingFieldId(place: Place, rest: (string | number)[]): string | undefined {
  const [kind, index] = place.path;
  if (kind === 'hiddenFields') return rest[0] === 'label' ? `hidden-label-${index}` : `hidden-key-${index}`;
  if (kind === 'endings' && typeof rest[0] === 'string') return ENDING_FIELDS[rest[0]];
  return undefined;
}

/**
 * The schema's recall checks in words that fit beside the field (the element is named by `where`):
 * which token names nothing, or names a question asked later (by its prompt), and what to do.
 */
function recallMessage(issue: Issue, questions: Map<string, Question>): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const message = issue.message.replace(/^[^:]*: (?=The )/, '');
  const malformed = /has “(.+)”, which names no question or hidden field/.exec(message);
  if (malformed)
    return `“${malformed[1]}” names no question or hidden field: write {{code}} or {{hidden.key}}, or pick one from “Insert answer”.`;
  const noQuestion = /recalls “(.+)”, but no question has the code “(.+)”/.exec(message);
  if (noQuestion) return `“${noQuestion[1]}” names no question: pick one from “Insert answer”, or remove it.`;
  const noHidden = /recalls “(.+)”, but no hidden field has the key “(.+)”/.exec(message);
  if (noHidden)
    return `“${noHidden[1]}” names no hidden field: declare “${noHidden[2]}” under Hidden fields, or remove it.`;
  const later = /recalls “(.+)”, which is asked later: (.+)$/.exec(message);
  if (later) {
    const token = parseRecallToken(later[1] ?? '');
    const question = token ? questions.get(token.name) : undefined;
    const name = question ? `“${shorten(questionName(question))}”` : 'a question';
    return `“${later[1]}” recalls ${name}, which is asked later (${later[2]}): recall an earlier question, or move this text after it.`;
  }
  return undefined;
}

/** The sentence for one issue, from where it is and what the draft holds there. */
function messageOf(
  definition: Definition,
  place: Place | undefined,
  rest: (string | number)[],
  issue: Issue,
  questions: Map<string, Question>,
): string {
  const here = valueAt(definition, issue.path);
  const [first, second, third, fourth, fifth] = rest;
  const tooBig = issue.code === 'too_big';
  const tooSmall = issue.code === 'too_small';

  if (!place) {
    if (issue.path.length === 0 && issue.code === 'custom')
      return 'The questionnaire mixes steps, tabs and questions at the top level. Keep one layout: move everything into steps.';
    return tooBig ? `This questionnaire has too many elements here: ${bound(issue, 'most')}` : sentence(issue.message);
  }

  if (place.path[0] === 'hiddenFields' && first === 'key' && issue.code !== 'custom') {
    if (String(here ?? '') === '') return 'Give this hidden field a key: the name the page passes it under.';
    if (tooBig) return 'Use a key of at most 128 characters.';
    return 'Start the key with a letter or “_”, then use only letters, digits, “_” or “-”.';
  }

  if (first === 'code') {
    const code = String(here ?? '');
    if (issue.code === 'duplicate' || /duplicate/i.test(issue.message))
      return `Another question already uses the code “${code}”. Give this question its own code.`;
    if (tooSmall || code === '') return 'Give this question a code. It names its answers in exports.';
    if (tooBig) return 'Use a code of at most 128 characters.';
    return 'Start the code with a letter or “_”, then use only letters, digits, “_” or “-”.';
  }

  if (first === 'visibility' || first === 'requirement') {
    const ruleName = first === 'visibility' ? '“Always shown”' : '“Optional”';
    if (third !== 'conditions' || typeof fourth !== 'number') {
      if (tooBig) return 'Use at most 50 conditions.';
      return `Add a condition, or choose ${ruleName}.`;
    }
    const condition = valueAt(definition, [...place.path, ...rest.slice(0, 4)]) as Condition;
    if (fifth === 'questionCode') {
      if (!condition?.questionCode) return 'Choose the question this condition reads.';
      return 'This condition reads a question that no longer exists. Choose another question, or remove the condition.';
    }
    if (fifth === 'subField' && condition?.source === 'ANSWER') {
      const read = questions.get(condition.questionCode ?? '');
      if (read?.type === 'MATRIX')
        return condition.subField === undefined
          ? 'Choose the row of the grid this condition reads: only “is answered” and “is not answered” read the whole grid.'
          : 'This condition reads a row that is no longer in the grid. Choose another row, or remove the condition.';
    }
    if (fifth === 'value') {
      if (tooBig) return 'Shorten this value to at most 1000 characters.';
      if (condition && isListOperator(condition.operator) && !Array.isArray(condition.value))
        return 'Choose one or more values for this condition.';
      if (condition?.value === undefined)
        return `${valueVerb(condition, questions)} the value this condition compares with.`;
    }
  }

  if (first === 'typeConfig') {
    const type = place.element.kind === 'question' ? place.element.question.type : '';
    if (isLabelledList(second)) {
      const noun = ITEM_NOUN[second];
      if (typeof third !== 'number') {
        const limit = (issue as { maximum?: unknown; minimum?: unknown })[tooBig ? 'maximum' : 'minimum'];
        const count = typeof limit === 'number' || typeof limit === 'bigint' ? Number(limit) : undefined;
        if (count === undefined) return tooBig ? `Use fewer ${noun}s.` : `Add at least one ${noun}.`;
        const amount = `${count === 1 ? 'one' : count === 2 ? 'two' : count} ${count === 1 ? noun : `${noun}s`}`;
        return tooBig ? `Use at most ${amount}.` : `Add at least ${amount}.`;
      }
      if (fourth === 'value') {
        if (issue.code === 'duplicate' || /duplicate/i.test(issue.message))
          return `Another ${noun} already has the value “${String(here)}”. Give each ${noun} its own value.`;
        if (tooSmall) return `Give this ${noun} a value.`;
      }
      if (tooBig) return bound(issue, 'most');
    }
    if (second === 'rankCount' && issue.code === 'custom')
      return 'There are fewer choices than the number to rank. Rank fewer, or add choices.';
    const list = typeof second === 'string' ? LIST_WORDS[second] : undefined;
    if (list && typeof third === 'number') return list.refusal(String(here));
    if (issue.code === 'custom' && (second === 'min' || second === 'max') && (type === 'DATE_TIME' || type === 'TIME'))
      return `The earliest ${type === 'TIME' ? 'time' : 'moment'} is after the latest. Move it earlier, or the latest later.`;
    if (issue.code === 'custom' && (second === 'min' || second === 'max'))
      return type === 'DATE'
        ? 'The earliest date is after the latest. Move it earlier, or the latest later.'
        : 'The smallest value is above the largest. Lower it, or raise the largest.';
    if (type === 'DATE_TIME' && (second === 'min' || second === 'max')) return 'Choose a date and a time.';
    if (type === 'TIME' && (second === 'min' || second === 'max')) return 'Choose a time of day.';
    if (type === 'DATE' && (second === 'min' || second === 'max')) return 'Choose a date.';
    if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Use a whole number.';
    if (issue.code === 'invalid_type') return issue.expected === 'number' ? 'Use a number.' : 'Use text here.';
    if (issue.code === 'unrecognized_keys')
      return 'This question has a setting this editor does not know. Change its type and back to clear it.';
    const integer = /int/.test(issue.origin ?? '') || ['maxFiles', 'min', 'max', 'step'].includes(String(second));
    if ((tooBig || tooSmall) && issue.origin !== 'string' && issue.origin !== 'array' && integer && type !== 'NUMBER')
      return bound(issue, tooSmall ? 'least' : 'most').replace('a number', 'a whole number');
    if (tooBig || tooSmall) return bound(issue, tooSmall ? 'least' : 'most');
    if (typeof second === 'string')
      return `Check “${settingName(second, type)}”: ${sentence(issue.message).toLowerCase()}`;
  }

  if (tooBig) return bound(issue, 'most');
  if (first === 'id') return 'This element has the same internal id as another one. Duplicate it and remove this one.';
  // The server's sentences (and the schema's) without paths or codes.
  return sentence(issue.message.replace(/\s*\(first used at [^)]*\)/g, '').replace(/\b[A-Z][A-Z_]{3,}\b/g, 'this'));
}

/** The checks the schema skips once a part of the draft has other problems, made here so all show at once. */
function structureIssues(definition: Definition): Issue[] {
  const issues: Issue[] = [];
  const codes = new Set<string>();
  const rules: { config: Question['visibility']; path: (string | number)[] }[] = [];
  walkDefinition(definition, (element) => {
    const node = element.kind === 'step' ? element.step : element.kind === 'tab' ? element.tab : element.question;
    const path = [...element.path];
    rules.push({ config: node.visibility as Question['visibility'], path: [...path, 'visibility'] });
    rules.push({ config: node.requirement as Question['requirement'], path: [...path, 'requirement'] });
    if (element.kind !== 'question') return;
    const { code } = element.question;
    if (code && codes.has(code)) issues.push({ path: [...path, 'code'], code: 'duplicate', message: 'Duplicate code' });
    codes.add(code);
    for (const list of LABELLED_LISTS) {
      const items = (element.question.typeConfig as Partial<Record<LabelledList, { value: string }[]>>)[list] ?? [];
      const values = new Set<string>();
      items.forEach((item, index) => {
        if (item?.value && values.has(item.value))
          issues.push({
            path: [...path, 'typeConfig', list, index, 'value'],
            code: 'duplicate',
            message: 'Duplicate',
          });
        values.add(item?.value);
      });
    }
  });
  for (const { config, path } of rules) {
    (config?.rule?.conditions ?? []).forEach((condition, index) => {
      if (condition.source === 'ANSWER' && condition.questionCode && !codes.has(condition.questionCode))
        issues.push({
          path: [...path, 'rule', 'conditions', index, 'questionCode'],
          code: 'custom',
          message: 'Unknown',
        });
    });
  }
  return issues;
}

const FIELD_ORDER = [
  'title',
  'prompt',
  'code',
  'sectionTitle',
  'type',
  'width',
  'typeConfig',
  'visibility',
  'requirement',
];

/** Every type's settings in one order, for sorting problems as the fields are laid out. */
const CONFIG_ORDER = [...new Set(Object.values(QUESTION_TYPES).flatMap((entry) => Object.keys(entry.config.shape)))];

const cache = new WeakMap<Definition, DraftProblem[]>();

/**
 * The problems of `definition` (the API's schema, plus its structure checks, worded), and the
 * server's refusals of fields (`serverErrors`, from a rejected save) that the local check did
 * not find. Cached per definition (drafts are immutable values).
 */
export function draftProblems(
  definition: Definition,
  serverErrors: readonly { path: string; message: string }[] = [],
): DraftProblem[] {
  const cached = serverErrors.length === 0 ? cache.get(definition) : undefined;
  if (cached) return cached;
  const parsed = Definition.safeParse(definition);
  const issues: Issue[] = parsed.success ? [] : (parsed.error.issues as unknown as Issue[]);
  if (!parsed.success) issues.push(...structureIssues(definition));
  for (const error of serverErrors) {
    issues.push({
      path: error.path ? error.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)) : [],
      code: 'server',
      message: error.message,
    });
  }

  const places = [...placesOf(definition), ...closingPlaces(definition, 0)];
  for (const [order, place] of places.entries()) place.order = order;
  const questions = new Map<string, Question>();
  for (const place of places)
    if (place.element.kind === 'question') questions.set(place.element.question.code, place.element.question);
  const placeOf = (path: (string | number)[]) => {
    let best: Place | undefined;
    for (const place of places) {
      if (place.path.length <= path.length && place.path.every((key, i) => key === path[i])) {
        if (!best || place.path.length > best.path.length) best = place;
      }
    }
    return best;
  };

  const seen = new Set<string>();
  const problems: (DraftProblem & { order: number; field: number[] })[] = [];
  const recallSaid = new Set<DraftProblem>();
  for (const issue of issues) {
    const path = issue.path.join('.');
    if (issue.path[0] === 'translations') {
      if (seen.has(path)) continue;
      seen.add(path);
      // After every element's own problems, in the order of the texts.
      problems.push({ ...translationProblem(definition, issue), order: places.length, field: [] });
      continue;
    }
    const place = placeOf(issue.path);
    const rest = place ? issue.path.slice(place.path.length) : issue.path;
    // One problem per field: a condition's value that is missing and not a list is one thing to fix.
    const key = `${path}|${rest[0] === 'code' || rest[3] === 'questionCode' ? 'code' : ''}`;
    // Every token of one text that names nothing (or a later question) is said at that text's field, together.
    const recall = recallMessage(issue, questions);
    const said = recall ? problems.find((problem) => problem.path === path && recallSaid.has(problem)) : undefined;
    if (recall && said) {
      said.message = `${said.message} ${recall}`;
      continue;
    }
    if (seen.has(path) || seen.has(key)) continue;
    seen.add(path);
    seen.add(key);
    problems.push({
      path,
      message: recall ?? messageOf(definition, place, rest, issue, questions),
      where: place ? whereOf(place, rest) : 'The questionnaire',
      selection: place ? selectionOfPath(place.path.join('.')) : undefined,
      fieldId: place ? (closingFieldId(place, rest) ?? fieldIdOf(place.element, rest)) : undefined,
      order: place?.order ?? -1,
      field: [
        FIELD_ORDER.indexOf(String(rest[0] ?? '')),
        rest[0] === 'typeConfig' ? CONFIG_ORDER.indexOf(String(rest[1])) : 0,
        ...rest.filter((k): k is number => typeof k === 'number'),
      ],
    });
    if (recall) recallSaid.add(problems[problems.length - 1] as DraftProblem);
  }
  problems.sort((a, b) => a.order - b.order || compareLists(a.field, b.field));
  const result = problems.map(({ order: _order, field: _field, ...problem }) => {
    if (!problem.selection) delete problem.selection;
    if (!problem.fieldId) delete problem.fieldId;
    if (!problem.translation) delete problem.translation;
    return problem;
  });
  if (serverErrors.length === 0) cache.set(definition, result);
  return result;
}

function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The problems about one field path, or any field under it, for the inline messages. */
export function problemsAt(problems: readonly DraftProblem[], path: string, under = false): DraftProblem[] {
  return problems.filter((problem) => problem.path === path || (under && problem.path.startsWith(`${path}.`)));
}
