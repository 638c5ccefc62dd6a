import type { OtherAnswer } from '@forms-engine/schema/rules';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { describedBy, ErrorText, Group, Label, type QuestionProps } from '../field';
import { format } from '../labels';
import { useMoreWords } from '../more-words';
import { usePartStyles } from '../part-styles';
import { ChoiceList } from './choice-list';
import { STYLES } from './more-styles';
import { shuffledOrder } from './on-demand-rules';

type ChoiceType = 'SINGLE_CHOICE' | 'MULTI_CHOICE' | 'DROPDOWN';

const isOther = (item: unknown): item is OtherAnswer =>
  typeof item === 'object' && item !== null && typeof (item as OtherAnswer).other === 'string';

/**
 * What each embed's respondent typed for Other, by question code, while the page lives: kept when
 * they choose something else and come back, also after Back and Next (the saved answer holds only
 * what is chosen).
 */
const typed = new WeakMap<object, Record<string, string>>();

/**
 * A choice list with "Other (please specify)" or a shuffled order: radios, checkboxes or a select
 * as the plain ones, the options in the respondent's order (seeded for the whole response), and
 * Other last; choosing it shows a text field that takes the focus.
 */
export function ChoiceWithOptions({ question, value, onChange, required, error, ids }: QuestionProps<ChoiceType>) {
  const { words, labels, session, shuffleSeed } = useMoreWords();
  const { allowOther, otherLabel, shuffle } = question.typeConfig;
  const choices = shuffledOrder(question.typeConfig.choices, shuffle, `${shuffleSeed}:${question.id}`);
  const otherName = otherLabel ?? words.other;
  // A value no choice has, for the Other option: last, after the choices in the respondent's order.
  // Empty in a list (no choice's value is); a dropdown's placeholder has that one, so there an invisible one.
  let otherValue = question.type === 'DROPDOWN' ? '\u2063other' : '';
  while (choices.some((choice) => choice.value === otherValue)) otherValue += '\u2063';
  const options = allowOther ? [...choices, { value: otherValue, label: otherName }] : choices;
  const items: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const chosen = items.filter((item): item is string => typeof item === 'string');
  const otherChosen = items.find(isOther);
  const kept = typed.get(session) ?? {};
  typed.set(session, kept);
  const [text, setText] = useState(otherChosen?.other ?? kept[question.code] ?? '');
  const focusText = useRef(false);
  const textField = useRef<HTMLInputElement>(null);
  const ref = usePartStyles<HTMLDivElement>(STYLES);
  useLayoutEffect(() => {
    if (!focusText.current) return;
    focusText.current = false;
    textField.current?.focus();
  });

  const multiple = question.type === 'MULTI_CHOICE';
  /** The answer: one value or Other (single, dropdown); the values in the definition's order and Other (multi). */
  const answer = (values: string[], other: boolean, otherText = text) => {
    const withOther = other ? { other: otherText } : undefined;
    if (!multiple) return onChange(withOther ?? values[0]);
    const ordered = question.typeConfig.choices.map((choice) => choice.value).filter((v) => values.includes(v));
    const next = withOther ? [...ordered, withOther] : ordered;
    onChange(next.length > 0 ? next : undefined);
  };
  const chooseOther = (on: boolean) => {
    if (on) focusText.current = true;
    answer(multiple ? chosen : [], on);
  };
  const otherText = otherChosen ? (
    <input
      ref={textField}
      class="fe-input fe-other-text"
      id={`${ids.control}-other-text`}
      value={text}
      aria-label={format(words.otherAnswer, { name: otherName })}
      aria-invalid={error?.code === 'OTHER_EMPTY' ? 'true' : undefined}
      aria-describedby={error?.code === 'OTHER_EMPTY' ? ids.error : undefined}
      onInput={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        kept[question.code] = next;
        answer(chosen, true, next);
      }}
    />
  ) : null;

  if (question.type === 'DROPDOWN') {
    return (
      <div class="fe-question-body" ref={ref}>
        <Label ids={ids} prompt={question.prompt} required={required} />
        <select
          class="fe-input fe-select"
          id={ids.control}
          value={otherChosen ? otherValue : (chosen[0] ?? '')}
          required={required}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(ids, false, error)}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (picked === otherValue) chooseOther(true);
            else answer(picked ? [picked] : [], false);
          }}
        >
          <option value="">
            {('placeholder' in question.typeConfig && question.typeConfig.placeholder) || labels.selectPlaceholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {otherText}
        <ErrorText ids={ids} error={error} />
      </div>
    );
  }

  return (
    <div class="fe-question-body" ref={ref}>
      <Group
        ids={ids}
        prompt={question.prompt}
        required={required}
        error={error}
        radio={!multiple}
        hint={multiple && required ? <span class="fe-sr">{labels.required}</span> : undefined}
      >
        <ChoiceList
          ids={ids}
          kind={multiple ? 'checkbox' : 'radio'}
          options={options}
          isChecked={(choice) => (choice === otherValue ? otherChosen !== undefined : chosen.includes(choice))}
          onToggle={(choice, checked) =>
            choice === otherValue
              ? chooseOther(checked)
              : multiple
                ? answer(checked ? [...chosen, choice] : chosen.filter((v) => v !== choice), otherChosen !== undefined)
                : answer([choice], false)
          }
        >
          {otherText}
        </ChoiceList>
      </Group>
    </div>
  );
}
