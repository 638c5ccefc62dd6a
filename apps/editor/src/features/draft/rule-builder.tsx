import type { Condition, HiddenField, Question, RuleConfig } from '@forms-engine/schema';
import { ADDRESS_FIELDS, COMBINATORS, isListOperator, isUnaryOperator, RULE_MODES } from '@forms-engine/schema/rules';
import {
  ADDRESS_PART_NAMES,
  hiddenFieldName,
  oneLine,
  operatorWords,
  questionName,
  requirementInWords,
  visibilityInWords,
} from '../../definition-words/index.ts';
import { ListInput } from '../../ui/list-input.tsx';
import { FieldErrors } from './field-errors.tsx';
import { choicesOf, lookupOf, operatorsFor } from './words.ts';

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

type Operator = Condition['operator'];
/** The source select's value for a hidden field: this prefix and its key (codes never start with @). */
const HIDDEN = '@hidden:';

function sourceValue(condition: Condition): string {
  if (condition.source === 'EXTERNAL_REF') return '@ref';
  if (condition.source === 'HIDDEN_FIELD') return `${HIDDEN}${condition.key ?? ''}`;
  return condition.questionCode ?? '';
}
const NUMERIC = new Set(['NUMBER', 'RATING']);

/** A value as the question's answers are: numbers for numbers and ratings. */
function parseValue(text: string, question: Question | undefined): string | number {
  if (question && NUMERIC.has(question.type) && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  return text;
}

function ValueInput({
  id,
  condition,
  question,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  condition: Condition;
  /** The question read, when the condition reads a whole answer (not the external reference or an address part). */
  question: Question | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: Condition['value']) => void;
}) {
  const list = isListOperator(condition.operator);
  const choices = choicesOf(question);
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  if (choices) {
    const selected = Array.isArray(condition.value)
      ? condition.value.map(String)
      : condition.value === undefined
        ? []
        : [String(condition.value)];
    return (
      <select
        id={id}
        {...aria}
        multiple={list}
        value={list ? selected : (selected[0] ?? '')}
        onChange={(event) => {
          const values = [...event.target.selectedOptions].map((option) => option.value);
          onChange(list ? values : values[0] || undefined);
        }}
      >
        {!list && <option value="">Choose…</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {oneLine(choice.label) || choice.value}
          </option>
        ))}
      </select>
    );
  }
  if (question && (question.type === 'YES_NO' || question.type === 'CONSENT') && !list) {
    const config = question.typeConfig as { yesLabel?: string; noLabel?: string };
    const [yes, no] =
      question.type === 'CONSENT'
        ? ['Ticked', 'Not ticked']
        : [oneLine(config.yesLabel ?? '') || 'Yes', oneLine(config.noLabel ?? '') || 'No'];
    return (
      <select
        id={id}
        {...aria}
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
      >
        <option value="">Choose…</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    );
  }
  if (list) {
    const items = Array.isArray(condition.value) ? condition.value.map(String) : [];
    return (
      <ListInput
        id={id}
        label="Values"
        items={items}
        describedBy={describedBy}
        invalid={invalid}
        validate={(item) =>
          question && NUMERIC.has(question.type) && !Number.isFinite(Number(item))
            ? `“${item}” is not a number.`
            : undefined
        }
        onChange={(next) => onChange(next.map((item) => parseValue(item, question)))}
      />
    );
  }
  const type = question?.type === 'DATE' ? 'date' : question && NUMERIC.has(question.type) ? 'number' : 'text';
  return (
    <input
      id={id}
      {...aria}
      type={type}
      value={condition.value === undefined ? '' : String(condition.value)}
      onChange={(event) => {
        const raw = event.target.value;
        onChange(raw === '' ? undefined : parseValue(raw, question));
      }}
    />
  );
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
  const conditions = config.rule?.conditions ?? [];
  const readable = questions.filter((q) => q.type !== 'STATEMENT' && q.code !== ownCode);
  const setConditions = (next: Condition[], key: string) =>
    onChange({ mode: 'CONDITIONAL', rule: { combinator: config.rule?.combinator ?? 'ALL', conditions: next } }, key);
  const updateCondition = (index: number, change: Partial<Condition>, key: string) =>
    setConditions(
      conditions.map((condition, i) => (i === index ? ({ ...condition, ...change } as Condition) : condition)),
      key,
    );
  const newCondition = (): Condition => {
    const first = readable[0];
    return first
      ? { source: 'ANSWER', questionCode: first.code, operator: 'IS_NOT_EMPTY' }
      : { source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' };
  };
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
                ? { mode, rule: config.rule ?? { combinator: 'ALL', conditions: [newCondition()] } }
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
          <div className="field">
            <label htmlFor={`${prefix}-combinator`}>{label}: conditions that must hold</label>
            <select
              id={`${prefix}-combinator`}
              value={config.rule?.combinator ?? 'ALL'}
              onChange={(event) =>
                onChange(
                  {
                    mode: 'CONDITIONAL',
                    rule: { conditions, combinator: event.target.value as (typeof COMBINATORS)[number] },
                  },
                  `${prefix}.combinator`,
                )
              }
            >
              {COMBINATORS.map((combinator) => (
                <option key={combinator} value={combinator}>
                  {combinator === 'ALL' ? 'All of them' : 'Any of them'}
                </option>
              ))}
            </select>
          </div>
          <ol>
            {conditions.map((condition, index) => {
              const id = `${prefix}-condition-${index}`;
              const base = `${path}.rule.conditions.${index}`;
              const question =
                condition.source === 'ANSWER' ? questions.find((q) => q.code === condition.questionCode) : undefined;
              const missing = condition.source === 'ANSWER' && !question;
              const sourceErrors = [...fieldErrors(`${base}.questionCode`), ...fieldErrors(`${base}.key`)];
              const operatorErrors = fieldErrors(`${base}.operator`);
              const valueErrors = fieldErrors(`${base}.value`).concat(
                Array.isArray(condition.value)
                  ? condition.value.flatMap((_, i) => fieldErrors(`${base}.value.${i}`))
                  : [],
              );
              const allowed = operatorsFor(question, condition.subField);
              const operators = allowed.includes(condition.operator) ? allowed : [...allowed, condition.operator];
              const reset = (read: Question | undefined, subField?: string): Partial<Condition> =>
                operatorsFor(read, subField).includes(condition.operator)
                  ? { value: undefined }
                  : { operator: 'IS_NOT_EMPTY', value: undefined };
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own
                <li key={index}>
                  <fieldset>
                    <legend>
                      {label} condition {index + 1}
                    </legend>
                    <div className="row">
                      <div className="field">
                        <label htmlFor={`${id}-source`}>Reads</label>
                        <select
                          id={`${id}-source`}
                          aria-invalid={sourceErrors.length > 0 || undefined}
                          aria-describedby={sourceErrors.length > 0 ? `${id}-source-errors` : undefined}
                          value={sourceValue(condition)}
                          onChange={(event) => {
                            const value = event.target.value;
                            const read = questions.find((q) => q.code === value);
                            updateCondition(
                              index,
                              value.startsWith(HIDDEN)
                                ? {
                                    source: 'HIDDEN_FIELD',
                                    key: value.slice(HIDDEN.length),
                                    questionCode: undefined,
                                    subField: undefined,
                                    ...reset(undefined),
                                  }
                                : value === '@ref'
                                  ? {
                                      source: 'EXTERNAL_REF',
                                      questionCode: undefined,
                                      key: undefined,
                                      subField: undefined,
                                      ...reset(undefined),
                                    }
                                  : {
                                      source: 'ANSWER',
                                      questionCode: value,
                                      key: undefined,
                                      subField: undefined,
                                      ...reset(read),
                                    },
                              `${id}.source`,
                            );
                          }}
                        >
                          {missing && (
                            <option value={condition.questionCode ?? ''}>A question that no longer exists</option>
                          )}
                          {readable.map((q) => (
                            <option key={q.code} value={q.code}>
                              Answer to “{questionName(q)}”
                            </option>
                          ))}
                          <option value="@ref">The external reference</option>
                          {condition.source === 'HIDDEN_FIELD' &&
                            !hiddenFields.some((field) => field.key === condition.key) && (
                              <option value={sourceValue(condition)}>A hidden field that is no longer declared</option>
                            )}
                          {hiddenFields.map((field) => (
                            <option key={field.key} value={`${HIDDEN}${field.key}`}>
                              The hidden field {hiddenFieldName(field)}
                            </option>
                          ))}
                        </select>
                        <FieldErrors id={`${id}-source-errors`} errors={sourceErrors} />
                      </div>
                      {question?.type === 'ADDRESS' && (
                        <div className="field">
                          <label htmlFor={`${id}-subfield`}>Address part</label>
                          <select
                            id={`${id}-subfield`}
                            value={condition.subField ?? ''}
                            onChange={(event) => {
                              const subField = event.target.value || undefined;
                              updateCondition(index, { subField, ...reset(question, subField) }, `${id}.subField`);
                            }}
                          >
                            <option value="">The whole address</option>
                            {ADDRESS_FIELDS.map((part) => (
                              <option key={part} value={part}>
                                {ADDRESS_PART_NAMES[part]}
                              </option>
                            ))}
                          </select>
                        </div>
                      )}
                      <div className="field">
                        <label htmlFor={`${id}-operator`}>Operator</label>
                        <select
                          id={`${id}-operator`}
                          value={condition.operator}
                          aria-invalid={operatorErrors.length > 0 || undefined}
                          aria-describedby={operatorErrors.length > 0 ? `${id}-operator-errors` : undefined}
                          onChange={(event) => {
                            const operator = event.target.value as Operator;
                            const value = isUnaryOperator(operator)
                              ? undefined
                              : isListOperator(operator) !== Array.isArray(condition.value)
                                ? undefined
                                : condition.value;
                            updateCondition(index, { operator, value }, `${id}.operator`);
                          }}
                        >
                          {operators.map((operator) => (
                            <option key={operator} value={operator}>
                              {operatorWords(
                                operator,
                                condition.subField ? undefined : question,
                                condition.source !== 'ANSWER',
                              )}
                            </option>
                          ))}
                        </select>
                        <FieldErrors id={`${id}-operator-errors`} errors={operatorErrors} />
                      </div>
                      {!isUnaryOperator(condition.operator) && (
                        <div className="field">
                          <label htmlFor={`${id}-value`}>Value</label>
                          <ValueInput
                            id={`${id}-value`}
                            condition={condition}
                            question={condition.source === 'ANSWER' && !condition.subField ? question : undefined}
                            describedBy={valueErrors.length > 0 ? `${id}-value-errors` : undefined}
                            invalid={valueErrors.length > 0}
                            onChange={(value) => updateCondition(index, { value }, `${id}.value`)}
                          />
                          <FieldErrors id={`${id}-value-errors`} errors={valueErrors} />
                        </div>
                      )}
                      <button
                        type="button"
                        aria-label={`Remove ${prefix} condition ${index + 1}`}
                        onClick={() => {
                          const rest = conditions.filter((_, i) => i !== index);
                          if (rest.length === 0)
                            onChange({ mode: label === 'Visibility' ? 'ALWAYS' : 'NEVER' }, `${prefix}.remove`);
                          else setConditions(rest, `${prefix}.remove`);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <button type="button" onClick={() => setConditions([...conditions, newCondition()], `${prefix}.add`)}>
            Add {prefix} condition
          </button>
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
