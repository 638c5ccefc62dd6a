import {
  AllowedOrigin,
  DEFAULT_CLOSE_GRACE_MINUTES,
  type Definition,
  MAX_ALLOWED_ORIGINS,
  MAX_CLOSE_GRACE_MINUTES,
  MAX_QUOTAS,
  PatchQuestionnaireRequest,
  type QuestionnaireDetail,
  type Quota,
  quotaIssues,
  type SubmissionPolicy,
  scheduleProblem,
} from '@forms-engine/schema';
import { canonicalJson } from '../../data/pending-edits.ts';

/**
 * What the settings screen edits, saved as the draft is: a moment after each change. A box left
 * empty is `null` here even where the API wants a number (the grace, a quota's limit): the value
 * is then kept, said to need fixing, and not sent, so no edit is lost while it is half typed.
 */
export interface QuotaEdit extends Omit<Quota, 'limit'> {
  limit: number | null;
}

export interface Settings {
  name: string;
  allowedOrigins: string[];
  submissionPolicy: SubmissionPolicy;
  opensAt: string | null;
  closesAt: string | null;
  closeGraceMinutes: number | null;
  maxCompletedResponses: number | null;
  quotas: QuotaEdit[];
}

/** The settings a questionnaire has; a server from before schedules gives their defaults (nothing set). */
export const settingsOf = (detail: QuestionnaireDetail): Settings => ({
  name: detail.name,
  allowedOrigins: detail.allowedOrigins,
  submissionPolicy: detail.submissionPolicy,
  opensAt: detail.opensAt ?? null,
  closesAt: detail.closesAt ?? null,
  closeGraceMinutes: detail.closeGraceMinutes ?? DEFAULT_CLOSE_GRACE_MINUTES,
  maxCompletedResponses: detail.maxCompletedResponses ?? null,
  quotas: detail.quotas ?? [],
});

export const sameSettings = (a: Settings, b: Settings) => canonicalJson(a) === canonicalJson(b);

/**
 * Only what changed since the server last held `held`: a rename never re-sends the quotas (which
 * a later publish may have made refer to a removed question), and two people changing different
 * settings do not undo each other.
 */
export function changedSettings(held: Settings, value: Settings): Partial<Settings> {
  const changed: Partial<Settings> = {};
  for (const key of Object.keys(value) as (keyof Settings)[]) {
    if (canonicalJson(value[key]) !== canonicalJson(held[key])) Object.assign(changed, { [key]: value[key] });
  }
  return changed;
}

/** A quota id nobody types: stable for the quota's life, since its count is kept under it. */
export const newQuotaId = () => `quota-${Math.random().toString(36).slice(2, 10)}`;

/** The same check the API makes, so a typo shows before saving. */
export const originRefusal = (value: string) =>
  AllowedOrigin.safeParse(value).success
    ? undefined
    : `“${value}” is not an origin. Use the start of a web address, such as https://app.example.com, http://localhost:5173 or https://*.example.com.`;

/** Field paths as the API writes them (`quotas.0.rule.conditions.1.value`) to sentences; the first per path. */
export type Problems = Record<string, string>;

/** A quota's rule problem by its place in the rule (`['rule', 'conditions', 0, 'value']`). */
const ruleProblem = (rest: PropertyKey[], quota: QuotaEdit): string => {
  const field = rest[3];
  if (field === 'key') return 'Choose the hidden field this condition reads.';
  if (field === 'operator') return 'A hidden field holds text: compare it with is, contains, is one of or is answered.';
  if (field === 'value') return 'Choose the value this condition compares with.';
  if (field === 'questionCode') return 'Choose the question this condition reads.';
  return quota.rule.conditions.length === 0
    ? 'Give the quota a condition: it counts the completed responses its conditions match.'
    : 'Check this quota’s conditions.';
};

/** One sentence per field the API would refuse, by its path; said before anything is sent. */
export function settingsProblems(settings: Settings, definition: Definition | undefined): Problems {
  const problems: Problems = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };
  const parsed = PatchQuestionnaireRequest.safeParse(settings);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [field, index, ...rest] = issue.path;
    if (field === 'name')
      add(
        'name',
        settings.name.trim() === '' ? 'Give the questionnaire a name.' : 'Shorten the name to at most 200 characters.',
      );
    if (field === 'allowedOrigins')
      add(
        'allowedOrigins',
        settings.allowedOrigins.length > MAX_ALLOWED_ORIGINS
          ? `Allow at most ${MAX_ALLOWED_ORIGINS} sites.`
          : (originRefusal(String(settings.allowedOrigins[Number(index)] ?? '')) ?? 'Check the allowed sites.'),
      );
    if (field === 'closeGraceMinutes')
      add(
        'closeGraceMinutes',
        `Give the grace in whole minutes, from 0 to ${MAX_CLOSE_GRACE_MINUTES.toLocaleString('en')} (a day).`,
      );
    if (field === 'maxCompletedResponses')
      add('maxCompletedResponses', 'Give the limit as a whole number, 0 or more, or leave it empty for no limit.');
    if (field === 'opensAt' || field === 'closesAt') add(field, 'Give a whole date and time, or clear it.');
    if (field !== 'quotas') continue;
    if (typeof index !== 'number') {
      add('quotas', `A questionnaire has at most ${MAX_QUOTAS} quotas: remove one.`);
      continue;
    }
    const quota = settings.quotas[index];
    const at = `quotas.${index}`;
    if (!quota) continue;
    const [part] = rest;
    if (part === 'name')
      add(
        `${at}.name`,
        quota.name.trim() === '' ? 'Give the quota a name.' : 'Shorten the name to at most 200 characters.',
      );
    else if (part === 'limit') add(`${at}.limit`, 'Give the quota’s limit as a whole number, 0 or more.');
    else if (part === 'rule') {
      const path = rest.length >= 4 ? `${at}.rule.conditions.${String(rest[2])}.${String(rest[3])}` : `${at}.rule`;
      add(path, ruleProblem(rest, quota));
    } else if (part === 'endingId') add(`${at}.endingId`, 'Choose the ending to show.');
  }
  const schedule = scheduleProblem(settings);
  if (schedule) add('closesAt', 'It closes before it opens: choose a closing time after the opening time.');
  if (definition) {
    // What the quotas name must be in the version respondents answer (the API checks the same).
    for (const issue of quotaIssues(settings.quotas as Quota[], definition)) {
      const [index, ...rest] = issue.path;
      const field = rest.at(-1);
      const path = `quotas.${String(index)}.${rest.map(String).join('.')}`;
      add(
        path,
        field === 'questionCode'
          ? 'This condition reads a question the published questionnaire does not have: choose another.'
          : field === 'key'
            ? 'This condition reads a hidden field the published questionnaire does not declare: choose another.'
            : 'The published questionnaire has no such ending: choose another, or the built-in sentence.',
      );
    }
  }
  return problems;
}
