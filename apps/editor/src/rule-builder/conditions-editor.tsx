import type { Condition, HiddenField, Question, Rule } from '@forms-engine/schema';
import {
  ADDRESS_FIELDS,
  COMBINATORS,
  isListOperator,
  isUnaryOperator,
  OTHER_SUBFIELD,
} from '@forms-engine/schema/rules';
import {
  ADDRESS_PART_NAMES,
  hiddenFieldName,
  oneLine,
  operatorWords,
  otherName,
  questionName,
} from '../definition-words/index.ts';
import { FieldErrors } from '../ui/field-errors.tsx';
import { ValueInput } from './value-input.tsx';
import { allowsOther, operatorsFor, rowsOf } from './words.ts';

/**
 * The parts of an answer a condition can read besides the whole (its `subField`): an address's
 * parts, a grid's rows, the text of “Other”. Undefined when the answer has none.
 */
function partsOf(question: Question | undefined, subField: string | undefined) {
  if (question?.type === 'ADDRESS')
    return {
      label: 'Address part',
      whole: 'The whole address',
      missing: 'A part of the address this editor does not know',
      parts: ADDRESS_FIELDS.map((part) => ({ value: part, label: ADDRESS_PART_NAMES[part] })),
    };
  if (question?.type === 'MATRIX')
    return {
      label: 'Row',
      whole: 'The whole grid (answered or not)',
      missing: 'A row that is no longer in the grid',
      parts: rowsOf(question).map((row) => ({ value: row.value, label: oneLine(row.label) || row.value })),
    };
  if (allowsOther(question) || (question && subField === OTHER_SUBFIELD))
    return {
      label: 'Which answer',
      whole: 'The choices',
      missing: 'A part this editor does not know',
      parts: [{ value: OTHER_SUBFIELD, label: `“${otherName(question)}” and its text` }],
    };
  return undefined;
}

export interface ConditionsEditorProps {
  /** Starts every control's id: `visibility` gives `visibility-combinator`, `visibility-condition-0-source`. */
  idPrefix: string;
  /** Names the rule in the labels: "Visibility: conditions that must hold", "Remove visibility condition 1". */
  label: string;
  rule: Rule | undefined;
  /** The questions a condition may read (the ones it may not are left out here). */
  questions: Question[];
  /** The hidden fields a condition may read, as text. */
  hiddenFields?: readonly HiddenField[] | undefined;
  /** The code of the question these rules belong to (it does not read itself). */
  ownCode?: string | undefined;
  /** Whether a condition may read the external reference (a quota counts answers and hidden fields only). */
  externalRef?: boolean;
  /** The field path of the rule's owner (`steps.0.questions.1.visibility`, `quotas.0`): `<path>.rule.conditions.0.value`. */
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (rule: Rule, key: string) => void;
  /** The last condition removed; absent: the last condition stays (a quota always has one). */
  onEmpty?: (key: string) => void;
}

type Operator = Condition['operator'];
/** The source select's value for a hidden field: this prefix and its key (codes never start with @). */
const HIDDEN = '@hidden:';

function sourceValue(condition: Condition): string {
  if (condition.source === 'EXTERNAL_REF') return '@ref';
  if (condition.source === 'HIDDEN_FIELD') return `${HIDDEN}${condition.key ?? ''}`;
  return condition.questionCode ?? '';
}

/**
 * A new condition: the first question's answer given; without questions the external reference
 * given, or (where the rule may not read it) the first hidden field.
 */
export function newCondition(
  questions: readonly Question[],
  hiddenFields: readonly HiddenField[] = [],
  externalRef = true,
): Condition {
  const first = questions.find((q) => q.type !== 'STATEMENT');
  if (first) return { source: 'ANSWER', questionCode: first.code, operator: 'IS_NOT_EMPTY' };
  if (externalRef) return { source: 'EXTERNAL_REF', operator: 'IS_NOT_EMPTY' };
  return { source: 'HIDDEN_FIELD', key: hiddenFields[0]?.key ?? '', operator: 'IS_NOT_EMPTY' };
}

/** All/any and the conditions of one rule, each control labelled; shared by every rule the editor builds. */
export function ConditionsEditor({
  idPrefix,
  label,
  rule,
  questions,
  hiddenFields = [],
  ownCode,
  externalRef = true,
  path,
  fieldErrors,
  onChange,
  onEmpty,
}: ConditionsEditorProps) {
  const noun = label.toLowerCase();
  const conditions = rule?.conditions ?? [];
  const combinator = rule?.combinator ?? 'ALL';
  const readable = questions.filter((q) => q.type !== 'STATEMENT' && q.code !== ownCode);
  const setConditions = (next: Condition[], key: string) => onChange({ combinator, conditions: next }, key);
  const updateCondition = (index: number, change: Partial<Condition>, key: string) =>
    setConditions(
      conditions.map((condition, i) => (i === index ? ({ ...condition, ...change } as Condition) : condition)),
      key,
    );
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-combinator`}>{label}: conditions that must hold</label>
        <select
          id={`${idPrefix}-combinator`}
          value={combinator}
          onChange={(event) =>
            onChange(
              { conditions, combinator: event.target.value as (typeof COMBINATORS)[number] },
              `${idPrefix}.combinator`,
            )
          }
        >
          {COMBINATORS.map((option) => (
            <option key={option} value={option}>
              {option === 'ALL' ? 'All of them' : 'Any of them'}
            </option>
          ))}
        </select>
      </div>
      <ol>
        {conditions.map((condition, index) => {
          const id = `${idPrefix}-condition-${index}`;
          const base = `${path}.rule.conditions.${index}`;
          const question =
            condition.source === 'ANSWER' ? questions.find((q) => q.code === condition.questionCode) : undefined;
          const missing = condition.source === 'ANSWER' && !question;
          const sourceErrors = [...fieldErrors(`${base}.questionCode`), ...fieldErrors(`${base}.key`)];
          const operatorErrors = fieldErrors(`${base}.operator`);
          const subFieldErrors = fieldErrors(`${base}.subField`);
          const parts = partsOf(question, condition.subField);
          const valueErrors = fieldErrors(`${base}.value`).concat(
            Array.isArray(condition.value) ? condition.value.flatMap((_, i) => fieldErrors(`${base}.value.${i}`)) : [],
          );
          const allowed = operatorsFor(question, condition.subField);
          const operators = allowed.includes(condition.operator) ? allowed : [...allowed, condition.operator];
          const reset = (read: Question | undefined, subField?: string): Partial<Condition> =>
            operatorsFor(read, subField).includes(condition.operator)
              ? { value: undefined }
              : { operator: 'IS_NOT_EMPTY', value: undefined };
          const removable = conditions.length > 1 || onEmpty !== undefined;
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
                      {(externalRef || condition.source === 'EXTERNAL_REF') && (
                        <option value="@ref">The external reference</option>
                      )}
                      {condition.source === 'HIDDEN_FIELD' &&
                        !hiddenFields.some((field) => field.key === condition.key) && (
                          <option value={sourceValue(condition)}>
                            {condition.key ? 'A hidden field that is no longer declared' : 'Choose a hidden field…'}
                          </option>
                        )}
                      {hiddenFields.map((field) => (
                        <option key={field.key} value={`${HIDDEN}${field.key}`}>
                          The hidden field {hiddenFieldName(field)}
                        </option>
                      ))}
                    </select>
                    <FieldErrors id={`${id}-source-errors`} errors={sourceErrors} />
                  </div>
                  {parts && (
                    <div className="field">
                      <label htmlFor={`${id}-subfield`}>{parts.label}</label>
                      <select
                        id={`${id}-subfield`}
                        value={condition.subField ?? ''}
                        aria-invalid={subFieldErrors.length > 0 || undefined}
                        aria-describedby={subFieldErrors.length > 0 ? `${id}-subfield-errors` : undefined}
                        onChange={(event) => {
                          const subField = event.target.value || undefined;
                          updateCondition(index, { subField, ...reset(question, subField) }, `${id}.subField`);
                        }}
                      >
                        <option value="">{parts.whole}</option>
                        {condition.subField && !parts.parts.some((part) => part.value === condition.subField) && (
                          <option value={condition.subField}>{parts.missing}</option>
                        )}
                        {parts.parts.map((part) => (
                          <option key={part.value} value={part.value}>
                            {part.label}
                          </option>
                        ))}
                      </select>
                      <FieldErrors id={`${id}-subfield-errors`} errors={subFieldErrors} />
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
                          {operatorWords(operator, question, condition.source !== 'ANSWER', condition.subField)}
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
                        question={condition.source === 'ANSWER' ? question : undefined}
                        describedBy={valueErrors.length > 0 ? `${id}-value-errors` : undefined}
                        invalid={valueErrors.length > 0}
                        onChange={(value) => updateCondition(index, { value }, `${id}.value`)}
                      />
                      <FieldErrors id={`${id}-value-errors`} errors={valueErrors} />
                    </div>
                  )}
                  {removable && (
                    <button
                      type="button"
                      aria-label={`Remove ${noun} condition ${index + 1}`}
                      onClick={() => {
                        const rest = conditions.filter((_, i) => i !== index);
                        if (rest.length === 0) onEmpty?.(`${idPrefix}.remove`);
                        else setConditions(rest, `${idPrefix}.remove`);
                      }}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() =>
          setConditions([...conditions, newCondition(readable, hiddenFields, externalRef)], `${idPrefix}.add`)
        }
      >
        Add {noun} condition
      </button>
    </>
  );
}
