import type { ComponentChildren } from 'preact';
import type { FieldIds } from '../field';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** Native radios or checkboxes, each named by its own label; the surrounding group carries the prompt. */
export function ChoiceList({
  ids,
  kind,
  options,
  isChecked,
  onToggle,
  inline,
  children,
}: {
  ids: FieldIds;
  kind: 'radio' | 'checkbox';
  options: readonly ChoiceOption[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string, checked: boolean) => void;
  inline?: boolean;
  /** After the options: "Other" and its text field. */
  children?: ComponentChildren;
}) {
  return (
    <div class={inline ? 'fe-choices fe-choices-inline' : 'fe-choices'}>
      {options.map((option, index) => {
        const id = `${ids.control}-${index}`;
        return (
          <div class="fe-choice" key={option.value}>
            <input
              class="fe-check"
              type={kind}
              id={id}
              name={ids.control}
              value={option.value}
              checked={isChecked(option.value)}
              onChange={(event) => onToggle(option.value, event.currentTarget.checked)}
            />
            <label for={id}>{option.label}</label>
          </div>
        );
      })}
      {children}
    </div>
  );
}
