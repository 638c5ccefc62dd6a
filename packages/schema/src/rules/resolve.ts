import type { Answers, Condition, Definition, Ending, Question, Rule, RuleConfig, Step, Tab } from './model';
import { applyOperator } from './operators';
import { type Layout, type QuestionPlace, walkDefinition } from './walk';

/** What rules read besides the definition: the answers so far, the external reference and the hidden fields. */
export interface RuleContext {
  answers: Answers;
  externalRef?: string | undefined;
  /** Hidden field key -> value, as the host page passed them (an absent key reads as empty). */
  hidden?: Readonly<Record<string, string>> | undefined;
}

/** Visibility and requirement of every element, for one set of answers. */
export interface RuleState {
  isStepVisible(step: Step): boolean;
  isTabVisible(tab: Tab): boolean;
  /** Visible: its step, its tab and the question itself are visible. */
  isVisible(question: Question): boolean;
  /** Required: visible, answerable, and its own, its tab's or its step's requirement holds. */
  isRequired(question: Question): boolean;
  /** The answer as rules read it: undefined for a hidden question. */
  answerOf(code: string): unknown;
  /** The answers of visible questions only: what the embed saves. */
  visibleAnswers(): Record<string, unknown>;
  /** Whether a rule config (e.g. an ending's visibility) holds for these answers and hidden fields. */
  holds(config: RuleConfig | undefined): boolean;
}

/**
 * A part of an answer: an ADDRESS's `city`, a MATRIX's row, the `other` text of a choice (in a
 * MULTI_CHOICE list, the one item that holds it).
 */
function subFieldOf(value: unknown, subField: string | undefined): unknown {
  if (subField === undefined) return value;
  if (Array.isArray(value)) {
    const holder = value.find((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
    return holder === undefined ? undefined : subFieldOf(holder, subField);
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Record<string, unknown>)[subField];
}

/**
 * A RuleConfig holds: ALWAYS yes, NEVER no, CONDITIONAL when its rule holds (no rule: no).
 * Modes this version does not know count as NEVER.
 */
export function ruleConfigHolds(config: RuleConfig | undefined, conditionHolds: (c: Condition) => boolean): boolean {
  if (!config) return false;
  if (config.mode === 'ALWAYS') return true;
  if (config.mode !== 'CONDITIONAL' || !config.rule) return false;
  return ruleHolds(config.rule, conditionHolds);
}

/** ALL: every condition holds; ANY: at least one does. */
export function ruleHolds(rule: Rule, conditionHolds: (c: Condition) => boolean): boolean {
  return rule.combinator === 'ANY' ? rule.conditions.some(conditionHolds) : rule.conditions.every(conditionHolds);
}

/**
 * Resolves every rule of a definition against the answers. A hidden question's answer reads
 * as empty in every rule. A rule that depends, directly or through other rules, on the
 * visibility of the question it is deciding reads that question's answer as given (no loop).
 */
export function resolveRules(definition: Layout | Definition, context: RuleContext): RuleState {
  const places = new Map<string, QuestionPlace>();
  const stepOfTab = new Map<Tab, Step | undefined>();
  walkDefinition(definition, (element) => {
    if (element.kind === 'tab') stepOfTab.set(element.tab, element.step);
    if (element.kind === 'question') places.set(element.question.code, element);
  });

  const visible = new Map<object, boolean>();
  const deciding = new Set<object>();

  const answerOf = (code: string): unknown => {
    const place = places.get(code);
    const raw = context.answers[code];
    if (!place) return raw;
    const chain = [place.step, place.tab, place.question];
    if (chain.some((element) => element !== undefined && deciding.has(element))) return raw;
    return isQuestionVisible(place) ? raw : undefined;
  };

  const conditionHolds = (condition: Condition): boolean => {
    if (condition.source === 'HIDDEN_FIELD') {
      return applyOperator(condition.operator, {
        actual: context.hidden?.[condition.key ?? ''],
        expected: condition.value,
        type: undefined,
      });
    }
    if (condition.source === 'EXTERNAL_REF') {
      return applyOperator(condition.operator, {
        actual: subFieldOf(context.externalRef, condition.subField),
        expected: condition.value,
        type: undefined,
      });
    }
    const code = condition.questionCode ?? '';
    return applyOperator(condition.operator, {
      actual: subFieldOf(answerOf(code), condition.subField),
      expected: condition.value,
      // CONSENT's false is empty only for the whole answer, not for a part of it.
      type: condition.subField === undefined ? places.get(code)?.question.type : undefined,
    });
  };

  const ownVisibility = (element: Step | Tab | Question): boolean => {
    const known = visible.get(element);
    if (known !== undefined) return known;
    deciding.add(element);
    const result = ruleConfigHolds(element.visibility ?? { mode: 'ALWAYS' }, conditionHolds);
    deciding.delete(element);
    visible.set(element, result);
    return result;
  };

  function isQuestionVisible(place: QuestionPlace): boolean {
    if (place.step && !ownVisibility(place.step)) return false;
    if (place.tab && !ownVisibility(place.tab)) return false;
    return ownVisibility(place.question);
  }

  const placeOf = (question: Question): QuestionPlace =>
    places.get(question.code) ?? { question, tab: undefined, step: undefined };

  const state: RuleState = {
    isStepVisible: (step) => ownVisibility(step),
    isTabVisible: (tab) => {
      const step = stepOfTab.get(tab);
      return (!step || ownVisibility(step)) && ownVisibility(tab);
    },
    isVisible: (question) => isQuestionVisible(placeOf(question)),
    isRequired: (question) => {
      const place = placeOf(question);
      if (question.type === 'STATEMENT' || !isQuestionVisible(place)) return false;
      return [place.question, place.tab, place.step].some((element) =>
        element ? ruleConfigHolds(element.requirement, conditionHolds) : false,
      );
    },
    answerOf,
    visibleAnswers: () => {
      const result: Record<string, unknown> = {};
      for (const [code, place] of places) {
        const answer = context.answers[code];
        if (answer !== undefined && place.question.type !== 'STATEMENT' && isQuestionVisible(place)) {
          result[code] = answer;
        }
      }
      return result;
    },
    holds: (config) => ruleConfigHolds(config, conditionHolds),
  };
  return state;
}

/**
 * The ending a respondent sees: the first whose visibility holds (ALWAYS holds, NEVER never);
 * undefined when none does or there are none, and the built-in "Thank you" shows.
 */
export function chooseEnding(definition: Pick<Definition, 'endings'>, state: RuleState): Ending | undefined {
  return (definition.endings ?? []).find((ending) => state.holds(ending.visibility));
}
