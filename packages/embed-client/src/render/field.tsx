import type { AnswerError, Question, QuestionOf } from '@forms-engine/schema/rules';
import type { ComponentChildren } from 'preact';
import { useEmbed } from './context';
import { ADDRESS_PART_LABEL, format, type Labels } from './labels';
import { RichText } from './rich-text';

/** What each question component gets: its question, its answer, and how to change it. */
export interface QuestionProps<T extends Question['type'] = Question['type']> {
  question: QuestionOf<T>;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The answer as it is now, for work that finishes later (uploads). */
  currentValue: () => unknown;
  required: boolean;
  error: AnswerError | undefined;
  ids: FieldIds;
}

export interface FieldIds {
  control: string;
  error: string;
  hint: string;
}

export const fieldIds = (question: Question): FieldIds => ({
  control: `fe-${question.id}`,
  error: `fe-${question.id}-error`,
  hint: `fe-${question.id}-hint`,
});

/** `aria-describedby` for a control: its hint and its error, when present. */
export function describedBy(ids: FieldIds, hasHint: boolean, error: AnswerError | undefined): string | undefined {
  return [hasHint && ids.hint, error && ids.error].filter(Boolean).join(' ') || undefined;
}

export function errorMessage(labels: Labels, error: AnswerError, locale: string): string {
  return format(
    labels.errors[error.code],
    {
      limit: error.limit ?? '',
      fields: (error.fields ?? []).map((field) => labels[ADDRESS_PART_LABEL[field]]).join(', '),
    },
    locale,
  );
}

/** The visible prompt (in the rich-text subset); the star is decoration (`aria-required` carries the meaning). */
export function PromptText({ prompt, required }: { prompt: string; required: boolean }) {
  return (
    <>
      <RichText text={prompt} />
      {required && (
        <span class="fe-required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
}

export function Label({ ids, prompt, required }: { ids: FieldIds; prompt: string; required: boolean }) {
  return (
    <label class="fe-label" for={ids.control}>
      <PromptText prompt={prompt} required={required} />
    </label>
  );
}

export function ErrorText({ ids, error }: { ids: FieldIds; error: AnswerError | undefined }) {
  const { labels, locale } = useEmbed();
  if (!error) return null;
  return (
    <p class="fe-error" id={ids.error}>
      {errorMessage(labels, error, locale)}
    </p>
  );
}

export function Hint({ ids, children }: { ids: FieldIds; children: ComponentChildren }) {
  return (
    <p class="fe-hint" id={ids.hint}>
      {children}
    </p>
  );
}

/** A labelled group of controls (radios, checkboxes, address parts): the legend is the prompt. */
export function Group({
  ids,
  prompt,
  required,
  error,
  hint,
  radio,
  children,
}: {
  ids: FieldIds;
  prompt: string;
  required: boolean;
  error: AnswerError | undefined;
  hint?: ComponentChildren;
  /** A radio group can say it is required; a plain group cannot (ARIA). */
  radio?: boolean;
  children: ComponentChildren;
}) {
  return (
    <fieldset
      class="fe-group"
      id={ids.control}
      {...(radio ? { role: 'radiogroup', 'aria-required': required ? 'true' : undefined } : {})}
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={describedBy(ids, Boolean(hint), error)}
    >
      <legend class="fe-label">
        <PromptText prompt={prompt} required={required} />
      </legend>
      {hint ? <Hint ids={ids}>{hint}</Hint> : null}
      {children}
      <ErrorText ids={ids} error={error} />
    </fieldset>
  );
}
