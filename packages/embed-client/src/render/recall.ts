import {
  type Definition,
  escapeRichText,
  fillRecall,
  hasRecall,
  questionPlaces,
  recallValues,
  resolveRules,
} from '@forms-engine/schema/rules';
import { endingOf, type LoadedQuestionnaire, ruleContext, type SessionState } from '../session/machine';
import type { Labels } from './labels';
import { hasTokens, httpOnly } from './tokens';

/**
 * Recall tokens filled for one respondent, live: every text they read, in the language shown. The
 * definition is filled once per render, so each component just shows its texts. Answers are read
 * through the rules (a hidden question's answer is empty); Markdown texts get the recalled value
 * escaped, so an answer's `[x](javascript:…)` or `<img>` stays text.
 */

/** The keys of the texts a respondent reads (`label`: a consent's, and a choice's, which has a `value`). */
const TEXT = /^(title|sectionTitle|prompt|placeholder|unit|label|yesLabel|noLabel|minLabel|maxLabel|body)$/;
type Shown = { labels: Labels; locale: string };

function recalled(state: SessionState, { labels, locale }: Shown) {
  const { definition } = state.questionnaire as LoadedQuestionnaire;
  const questions = new Map(questionPlaces(definition).map(({ question }) => [question.code, question]));
  const rules = resolveRules(definition, ruleContext(state));
  return recallValues(questions, rules.answerOf, state.hidden, { language: locale, yes: labels.yes, no: labels.no });
}

export function recalledDefinition(state: SessionState, shown: Shown): Definition {
  const { definition } = state.questionnaire as LoadedQuestionnaire;
  // A definition without a token anywhere is shown as it is, at no cost.
  if (!hasTokens(definition)) return definition;
  const values = recalled(state, shown);
  // A copy with each text filled: JSON's reviver meets every string with its key and the object holding it.
  return JSON.parse(JSON.stringify(definition), function (this: object, key: string, text: unknown) {
    if (typeof text !== 'string' || !TEXT.test(key) || !hasRecall(text)) return text;
    const rich = key === 'prompt' || key === 'body' || (key === 'label' && !('value' in this));
    return fillRecall(text, values, rich ? escapeRichText : undefined);
  });
}

/** The chosen ending's redirect address with its tokens filled, URL-encoded; only an http(s) address. */
export function redirectOf(state: SessionState, shown: Shown): string | undefined {
  const url = state.questionnaire ? endingOf(state)?.redirectUrl : undefined;
  return httpOnly(url && fillRecall(url, recalled(state, shown), encodeURIComponent));
}
