import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../data/trpc.ts';
import { endingName, languageLabel, languageName, languagesInOrder } from '../definition-words/index.ts';
import {
  endingOf,
  languageOf,
  type ResultFilters,
  STATUS_LABELS,
  STATUSES,
  type Status,
  statusOf,
  versionOf,
} from './filters.ts';

/**
 * The status, version, language and ending filters, one labelled select each (`SelectField`), shown
 * together by both results screens (`SharedFilterFields`). Each applies as soon as it changes (arrow
 * keys included); the screen's form decides what else goes with them.
 */

interface Choice {
  value: string;
  label: string;
}

/** One filter as a labelled select: "any" (the empty value) first, then the choices. */
function SelectField({
  label,
  any,
  value,
  choices,
  onChange,
}: {
  label: string;
  any: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function StatusField({ value, onChange }: { value: Status | undefined; onChange: (next?: Status) => void }) {
  return (
    <SelectField
      label="Status"
      any="Any status"
      value={value ?? ''}
      choices={STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
      onChange={(next) => onChange(statusOf(next))}
    />
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
  const trpc = useTRPC();
  const versions = useQuery(trpc.questionnaires.versions.queryOptions({ id: questionnaireId }));
  const numbers = new Set((versions.data ?? []).map((v) => v.versionNumber));
  if (value) numbers.add(value);
  const newestFirst = [...numbers].sort((a, b) => b - a);
  return (
    <SelectField
      label="Version"
      any="Every version"
      value={value ? String(value) : ''}
      choices={newestFirst.map((n) => ({ value: String(n), label: `Version ${n}` }))}
      onChange={(next) => onChange(versionOf(next))}
    />
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
  const languages = useQuestionnaireLanguages(questionnaireId);
  if (value && !languages.includes(value)) languages.push(value);
  if (languages.length < 2 && !value) return null;
  return (
    <SelectField
      label="Language"
      any="Every language"
      value={value ?? ''}
      choices={languages.map((tag) => ({ value: tag, label: languageLabel(tag) }))}
      onChange={(next) => onChange(languageOf(next))}
    />
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
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaireId }));
  // A questionnaire read without its draft (a partial answer) has no endings to offer.
  const endings = questionnaire.data?.draft?.endings ?? [];
  if (endings.length === 0 && !value) return null;
  const choices = endings.map((ending, index) => ({ value: ending.id, label: endingName(ending, index) }));
  if (value && !endings.some((ending) => ending.id === value)) {
    choices.push({ value, label: 'An ending no longer in the questionnaire' });
  }
  return (
    <SelectField
      label="Ending"
      any="Any ending"
      value={value ?? ''}
      choices={choices}
      onChange={(next) => onChange(endingOf(next))}
    />
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

/**
 * The filters both results screens show first (status, version, language, ending), each applied as
 * soon as it changes; the screen's own form adds the rest.
 */
export function SharedFilterFields({
  questionnaireId,
  filters,
  applyAtOnce,
}: {
  questionnaireId: string;
  filters: Pick<ResultFilters, 'status' | 'versionNumber' | 'language' | 'endingId'>;
  applyAtOnce: (next: ResultFilters) => void;
}) {
  return (
    <>
      <StatusField value={filters.status} onChange={(status) => applyAtOnce({ status })} />
      <VersionField
        questionnaireId={questionnaireId}
        value={filters.versionNumber}
        onChange={(versionNumber) => applyAtOnce({ versionNumber })}
      />
      <LanguageField
        questionnaireId={questionnaireId}
        value={filters.language}
        onChange={(language) => applyAtOnce({ language })}
      />
      <EndingField
        questionnaireId={questionnaireId}
        value={filters.endingId}
        onChange={(endingId) => applyAtOnce({ endingId })}
      />
    </>
  );
}
