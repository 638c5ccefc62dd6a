import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../data/trpc.ts';
import { endingName, languageLabel, languageName, languagesInOrder } from '../definition-words/index.ts';
import { endingOf, languageOf, STATUS_LABELS, STATUSES, type Status, statusOf, versionOf } from './filters.ts';

/**
 * The status, version and language filters, one control each, used by the summary and the responses table
 * alike. Both apply as soon as they change (arrow keys included): the screen's form decides what
 * else goes with them.
 */

export function StatusField({ value, onChange }: { value: Status | undefined; onChange: (next?: Status) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Status</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(statusOf(event.target.value))}>
        <option value="">Any status</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The published versions, newest first; a version from a link that is not (or not yet) listed is kept. */
export function VersionField({
  questionnaireId,
  value,
  onChange,
}: {
  questionnaireId: string;
  value: number | undefined;
  onChange: (next?: number) => void;
}) {
  const id = useId();
  const trpc = useTRPC();
  const versions = useQuery(trpc.questionnaires.versions.queryOptions({ id: questionnaireId }));
  const numbers = new Set((versions.data ?? []).map((v) => v.versionNumber));
  if (value) numbers.add(value);
  const newestFirst = [...numbers].sort((a, b) => b - a);
  return (
    <div className="field">
      <label htmlFor={id}>Version</label>
      <select id={id} value={value ? String(value) : ''} onChange={(event) => onChange(versionOf(event.target.value))}>
        <option value="">Every version</option>
        {newestFirst.map((n) => (
          <option key={n} value={String(n)}>
            Version {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The draft's languages, default first (none until it has loaded). */
export function useQuestionnaireLanguages(questionnaireId: string): string[] {
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaireId }));
  const draft = questionnaire.data?.draft;
  return draft ? languagesInOrder(draft) : [];
}

/** A recorded language as a builder reads it and as the CSV writes it: "German (de)". */
export const recordedLanguage = (tag: string | undefined) => (tag ? `${languageName(tag)} (${tag})` : '—');

/**
 * The languages responses were answered in: the draft's languages, default first, and one from a
 * link that the draft no longer has. Shown only when there is a choice to make.
 */
export function LanguageField({
  questionnaireId,
  value,
  onChange,
}: {
  questionnaireId: string;
  value: string | undefined;
  onChange: (next?: string) => void;
}) {
  const id = useId();
  const languages = useQuestionnaireLanguages(questionnaireId);
  if (value && !languages.includes(value)) languages.push(value);
  if (languages.length < 2 && !value) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Language</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(languageOf(event.target.value))}>
        <option value="">Every language</option>
        {languages.map((tag) => (
          <option key={tag} value={tag}>
            {languageLabel(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The draft's endings by title (an ending from a link that the draft no longer has is kept), for
 * the completed responses that saw one. Shown only when there are endings.
 */
export function EndingField({
  questionnaireId,
  value,
  onChange,
}: {
  questionnaireId: string;
  value: string | undefined;
  onChange: (next?: string) => void;
}) {
  const id = useId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaireId }));
  // A questionnaire read without its draft (a partial answer) has no endings to offer.
  const endings = questionnaire.data?.draft?.endings ?? [];
  if (endings.length === 0 && !value) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Ending</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(endingOf(event.target.value))}>
        <option value="">Any ending</option>
        {endings.map((ending, index) => (
          <option key={ending.id} value={ending.id}>
            {endingName(ending, index)}
          </option>
        ))}
        {value && !endings.some((ending) => ending.id === value) && (
          <option value={value}>An ending no longer in the questionnaire</option>
        )}
      </select>
    </div>
  );
}

/**
 * One text field per hidden field of the draft (by label and key), for the exact value responses
 * hold; typed, then applied with the screen's form (as the external reference is).
 */
export function HiddenValueFields({
  questionnaireId,
  values,
  onChange,
}: {
  questionnaireId: string;
  values: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
}) {
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaireId }));
  const fields = questionnaire.data?.draft?.hiddenFields ?? [];
  return (
    <>
      {fields.map((field) => (
        <div className="field" key={field.key}>
          <label htmlFor={`filter-hidden-${field.key}`}>
            {field.label ? `${field.label} (${field.key})` : field.key}
          </label>
          <input
            id={`filter-hidden-${field.key}`}
            value={values[field.key] ?? ''}
            maxLength={1000}
            onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
          />
        </div>
      ))}
    </>
  );
}

/** The typed hidden values that filter: trimmed, empty ones left out; undefined when none. */
export function hiddenFilterOf(values: Record<string, string>): Record<string, string> | undefined {
  const entries = Object.entries(values)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
