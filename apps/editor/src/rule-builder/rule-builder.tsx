import type { HiddenField, Question, RuleConfig } from '@forms-engine/schema';
import { RULE_MODES } from '@forms-engine/schema/rules';
import { requirementInWords, visibilityInWords } from '../definition-words/index.ts';
import { FieldErrors } from '../ui/field-errors.tsx';
import { ConditionsEditor, newCondition } from './conditions-editor.tsx';
import { lookupOf } from './words.ts';

/** The rule modes as the builder's select reads them (the same words as the rules in words). */
const MODE_WORDS = {
  visibility: { ALWAYS: 'Always shown', NEVER: 'Never shown', CONDITIONAL: 'Shown when' },
  requirement: { ALWAYS: 'Always required', NEVER: 'Optional', CONDITIONAL: 'Required when' },
} as const;

interface Props {
  /** "Visibility" or "Requirement". */
  label: 'Visibility' | 'Requirement';
  config: RuleConfig;
  /** Every question of the draft (the ones a condition may read are picked here). */
  questions: Question[];
  /** The draft's hidden fields (a condition may read one, as text). */
  hiddenFields?: readonly HiddenField[] | undefined;
  /** The code of the question these rules belong to (it does not read itself). */
  ownCode?: string | undefined;
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (config: RuleConfig, key: string) => void;
}

/** Mode, all/any and conditions of one rule (visibility or requirement), in words, every control labelled. */
export function RuleBuilder({
  label,
  config,
  questions,
  hiddenFields = [],
  ownCode,
  path,
  fieldErrors,
  onChange,
}: Props) {
  const prefix = label.toLowerCase() as 'visibility' | 'requirement';
  const words = MODE_WORDS[prefix];
  const readable = questions.filter((q) => q.type !== 'STATEMENT' && q.code !== ownCode);
  const ruleErrors = [...fieldErrors(`${path}.rule`), ...fieldErrors(`${path}.rule.conditions`)];

  return (
    <fieldset>
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${prefix}-mode`}>{label} mode</label>
        <select
          id={`${prefix}-mode`}
          value={config.mode}
          aria-invalid={ruleErrors.length > 0 || undefined}
          aria-describedby={ruleErrors.length > 0 ? `${prefix}-errors` : undefined}
          onChange={(event) => {
            const mode = event.target.value as RuleConfig['mode'];
            onChange(
              mode === 'CONDITIONAL'
                ? { mode, rule: config.rule ?? { combinator: 'ALL', conditions: [newCondition(readable)] } }
                : { mode },
              `${prefix}.mode`,
            );
          }}
        >
          {RULE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode === 'CONDITIONAL' ? `${words[mode]}…` : words[mode]}
            </option>
          ))}
        </select>
        <FieldErrors id={`${prefix}-errors`} errors={ruleErrors} />
      </div>
      {config.mode === 'CONDITIONAL' && (
        <>
          <ConditionsEditor
            idPrefix={prefix}
            label={label}
            rule={config.rule}
            questions={questions}
            hiddenFields={hiddenFields}
            ownCode={ownCode}
            path={path}
            fieldErrors={fieldErrors}
            onChange={(rule, key) => onChange({ mode: 'CONDITIONAL', rule }, key)}
            // The last condition gone, the rule falls back to its default mode.
            onEmpty={(key) => onChange({ mode: label === 'Visibility' ? 'ALWAYS' : 'NEVER' }, key)}
          />
          <p className="muted rule-summary">
            In words:{' '}
            {(prefix === 'visibility' ? visibilityInWords : requirementInWords)(
              config,
              lookupOf(questions, hiddenFields),
            )}
            .
          </p>
        </>
      )}
    </fieldset>
  );
}
