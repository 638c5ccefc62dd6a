import { describedBy, ErrorText, PromptText, type QuestionProps } from '../field';
import { RichText } from '../rich-text';

/** One checkbox, named by its label (or the prompt when there is none); the prompt then introduces it. */
export function Consent({ question, value, onChange, required, error, ids }: QuestionProps<'CONSENT'>) {
  const label = question.typeConfig.label;
  return (
    <>
      {label && question.prompt ? (
        <p class="fe-label">
          <RichText text={question.prompt} />
        </p>
      ) : null}
      <div class="fe-choice">
        <input
          class="fe-check"
          type="checkbox"
          id={ids.control}
          checked={value === true}
          required={required}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(ids, false, error)}
          onChange={(event) => onChange(event.currentTarget.checked ? true : undefined)}
        />
        <label for={ids.control}>
          <PromptText prompt={label || question.prompt} required={required} />
        </label>
      </div>
      <ErrorText ids={ids} error={error} />
    </>
  );
}
