import type { Condition, Question, RuleConfig } from '@forms-engine/schema';
import {
  ADDRESS_FIELDS,
  COMBINATORS,
  LIST_OPERATORS,
  OPERATORS,
  RULE_MODES,
  UNARY_OPERATORS,
} from '@forms-engine/schema/rules';
import { FieldErrors } from './field-errors.tsx';

interface Props {
  /** "Visibility" or "Requirement". */
  label: 'Visibility' | 'Requirement';
  config: RuleConfig;
  /** Questions a condition may read (every question of the draft). */
  questions: Question[];
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (config: RuleConfig, key: string) => void;
}

const isUnary = (operator: Condition['operator']) => (UNARY_OPERATORS as readonly string[]).includes(operator);
const isList = (operator: Condition['operator']) => (LIST_OPERATORS as readonly string[]).includes(operator);
const humanize = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

const CHOICE_TYPES = new Set(['SINGLE_CHOICE', 'MULTI_CHOICE', 'DROPDOWN']);

/** A value as the question's answers are: numbers for numbers and ratings, booleans for yes/no and consent. */
function parseValue(text: string, question: Question | undefined): string | number | boolean {
  if (question && ['NUMBER', 'RATING'].includes(question.type) && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (question && ['YES_NO', 'CONSENT'].includes(question.type)) return text === 'true';
  return text;
}

function ValueInput({
  id,
  condition,
  question,
  onChange,
}: {
  id: string;
  condition: Condition;
  question: Question | undefined;
  onChange: (value: Condition['value']) => void;
}) {
  const list = isList(condition.operator);
  const choices =
    question && CHOICE_TYPES.has(question.type)
      ? ((question.typeConfig as { choices?: { value: string; label: string }[] }).choices ?? [])
      : undefined;
  if (choices && !condition.subField) {
    const selected = Array.isArray(condition.value)
      ? condition.value.map(String)
      : condition.value === undefined
        ? []
        : [String(condition.value)];
    return (
      <select
        id={id}
        multiple={list}
        value={list ? selected : (selected[0] ?? '')}
        onChange={(event) => {
          const values = [...event.target.selectedOptions].map((option) => option.value);
          onChange(list ? values : values[0]);
        }}
      >
        {!list && <option value="">Choose…</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label || choice.value}
          </option>
        ))}
      </select>
    );
  }
  if (question && ['YES_NO', 'CONSENT'].includes(question.type) && !list) {
    return (
      <select
        id={id}
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'true')}
      >
        <option value="">Choose…</option>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    );
  }
  const type =
    question?.type === 'DATE' && !list
      ? 'date'
      : question && ['NUMBER', 'RATING'].includes(question.type) && !list
        ? 'number'
        : 'text';
  const text = Array.isArray(condition.value)
    ? condition.value.join(', ')
    : condition.value === undefined
      ? ''
      : String(condition.value);
  return (
    <input
      id={id}
      type={type}
      value={text}
      placeholder={list ? 'a, b, c' : undefined}
      onChange={(event) => {
        const raw = event.target.value;
        if (list)
          onChange(
            raw
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean)
              .map((item) => parseValue(item, question)),
          );
        else onChange(raw === '' ? undefined : parseValue(raw, question));
      }}
    />
  );
}

/** Mode, ALL/ANY and conditions of one rule (visibility or requirement), every control labelled. */
export function RuleBuilder({ label, config, questions, path, fieldErrors, onChange }: Props) {
  const prefix = label.toLowerCase();
  const conditions = config.rule?.conditions ?? [];
  const setConditions = (next: Condition[], key: string) =>
    onChange({ mode: 'CONDITIONAL', rule: { combinator: config.rule?.combinator ?? 'ALL', conditions: next } }, key);
  const updateCondition = (index: number, change: Partial<Condition>, key: string) =>
    setConditions(
      conditions.map((condition, i) => (i === index ? ({ ...condition, ...change } as Condition) : condition)),
      key,
    );
  const firstQuestion = questions[0]?.code;
  const newCondition = (): Condition =>
    firstQuestion
      ? { source: 'ANSWER', questionCode: firstQuestion, operator: 'IS_NOT_EMPTY' }
      : { source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' };

  return (
    <fieldset>
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${prefix}-mode`}>{label} mode</label>
        <select
          id={`${prefix}-mode`}
          value={config.mode}
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
              {label === 'Visibility'
                ? { ALWAYS: 'Always shown', NEVER: 'Never shown', CONDITIONAL: 'Shown when…' }[mode]
                : { ALWAYS: 'Always required', NEVER: 'Optional', CONDITIONAL: 'Required when…' }[mode]}
            </option>
          ))}
        </select>
        <FieldErrors id={`${prefix}-errors`} errors={fieldErrors(`${path}.rule`)} />
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
              const question = questions.find((q) => q.code === condition.questionCode);
              const errors = fieldErrors(`${path}.rule.conditions.${index}.questionCode`).concat(
                fieldErrors(`${path}.rule.conditions.${index}.value`),
              );
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
                          value={condition.source === 'EXTERNAL_REF' ? '@ref' : (condition.questionCode ?? '')}
                          onChange={(event) => {
                            const value = event.target.value;
                            updateCondition(
                              index,
                              value === '@ref'
                                ? { source: 'EXTERNAL_REF', questionCode: undefined, subField: undefined }
                                : { source: 'ANSWER', questionCode: value, subField: undefined, value: undefined },
                              `${id}.source`,
                            );
                          }}
                        >
                          {questions.map((q) => (
                            <option key={q.code} value={q.code}>
                              Answer to {q.prompt ? `"${q.prompt}"` : q.code}
                            </option>
                          ))}
                          <option value="@ref">The external reference</option>
                        </select>
                      </div>
                      {question?.type === 'ADDRESS' && (
                        <div className="field">
                          <label htmlFor={`${id}-subfield`}>Address part</label>
                          <select
                            id={`${id}-subfield`}
                            value={condition.subField ?? ''}
                            onChange={(event) =>
                              updateCondition(index, { subField: event.target.value || undefined }, `${id}.subField`)
                            }
                          >
                            <option value="">The whole address</option>
                            {ADDRESS_FIELDS.map((part) => (
                              <option key={part} value={part}>
                                {part}
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
                          onChange={(event) => {
                            const operator = event.target.value as Condition['operator'];
                            const value = isUnary(operator)
                              ? undefined
                              : isList(operator) !== Array.isArray(condition.value)
                                ? undefined
                                : condition.value;
                            updateCondition(index, { operator, value }, `${id}.operator`);
                          }}
                        >
                          {OPERATORS.map((operator) => (
                            <option key={operator} value={operator}>
                              {humanize(operator)}
                            </option>
                          ))}
                        </select>
                      </div>
                      {!isUnary(condition.operator) && (
                        <div className="field">
                          <label htmlFor={`${id}-value`}>Value</label>
                          <ValueInput
                            id={`${id}-value`}
                            condition={condition}
                            question={condition.source === 'ANSWER' ? question : undefined}
                            onChange={(value) => updateCondition(index, { value }, `${id}.value`)}
                          />
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
                    <FieldErrors id={`${id}-errors`} errors={errors} />
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <button type="button" onClick={() => setConditions([...conditions, newCondition()], `${prefix}.add`)}>
            Add {prefix} condition
          </button>
        </>
      )}
    </fieldset>
  );
}
