import { allQuestions, type Definition, MAX_QUOTAS, type QuotaAvailability } from '@forms-engine/schema';
import { useEffect, useState } from 'react';
import { conditionsInWords, endingName, questionLookup } from '../../definition-words/index.ts';
import { ConditionsEditor, newCondition } from '../../rule-builder/conditions-editor.tsx';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { count } from '../../ui/format.ts';
import { ConfirmButton } from '../../ui/index.ts';
import { newQuotaId, type QuotaEdit } from './settings-model.ts';
import { numberIn } from './typed-input.ts';

/** What the embed says to someone a full quota turns away when the quota names no ending. */
export const BUILT_IN_QUOTA_ENDING = 'Thank you — we already have enough responses from people like you.';

interface Props {
  quotas: QuotaEdit[];
  onChange: (quotas: QuotaEdit[]) => void;
  /** The definition quotas read: the latest published version's, or the draft's before any publish. */
  definition: Definition | undefined;
  /** Which definition that is, in words: "version 3", "the draft". */
  source: string;
  /** Each saved quota's count, as the server last said. */
  counts: readonly QuotaAvailability[];
  errors: (path: string) => string[];
  onUnfinished: (field: string, unfinished: boolean) => void;
  unfinished: ReadonlySet<string>;
}

/** A quota's count beside its limit: "12 of 50 counted", and whether it is full. */
function countWords(quota: QuotaEdit, counted: QuotaAvailability | undefined): string {
  if (!counted) return 'Counts completed responses from when it is saved.';
  const of =
    quota.limit === null ? `${count(counted.count)} counted` : `${count(counted.count)} of ${count(quota.limit)}`;
  return counted.full ? `${of}: full` : `${of} counted so far`;
}

/**
 * Quotas: each a name, a limit, the rule choosing the completed responses it counts (the rule
 * builder over the questions and hidden fields respondents answer), the rule in words, and the
 * ending shown to someone it turns away once full.
 */
export function QuotaFields({ quotas, onChange, definition, source, counts, errors, onUnfinished, unfinished }: Props) {
  // After Add, the new quota's name takes the focus; after Remove, the Add button does.
  const [focus, setFocus] = useState<string>();
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
    setFocus(undefined);
  }, [focus]);
  const questions = definition ? allQuestions(definition) : [];
  const hiddenFields = definition?.hiddenFields ?? [];
  const endings = definition?.endings ?? [];
  const lookup = definition ? questionLookup(definition) : undefined;
  const update = (index: number, change: Partial<QuotaEdit>) =>
    onChange(quotas.map((quota, i) => (i === index ? { ...quota, ...change } : quota)));
  const remove = (index: number) => {
    onChange(quotas.filter((_, i) => i !== index));
    setFocus('add-quota');
  };
  const listErrors = errors('quotas');
  return (
    <fieldset aria-describedby="quotas-help">
      <legend>Quotas</legend>
      <p id="quotas-help" className="muted hint">
        A quota counts the completed responses its conditions match and, once it has its limit, takes no more of them:
        someone it would count is shown its ending instead, with their answers kept. It counts from when it is saved.
        Conditions read the questions and hidden fields of {source}.
      </p>
      {definition === undefined && <p>Loading the questions…</p>}
      {quotas.map((quota, index) => {
        const at = `quotas.${index}`;
        const id = `quota-${index}`;
        const label = `Quota ${index + 1}`;
        const nameErrors = errors(`${at}.name`);
        const limitErrors = [
          ...(unfinished.has(`${at}.limit`) ? ['Type a whole number.'] : []),
          ...errors(`${at}.limit`),
        ];
        const endingErrors = errors(`${at}.endingId`);
        const ruleErrors = [...errors(`${at}.rule`), ...errors(`${at}.rule.conditions`)];
        const counted = counts.find((entry) => entry.id === quota.id);
        const knownEnding = !quota.endingId || endings.some((ending) => ending.id === quota.endingId);
        const endingIndex = endings.findIndex((ending) => ending.id === quota.endingId);
        const shown = quota.endingId
          ? endingIndex >= 0
            ? `the ending “${endingName(endings[endingIndex] ?? { title: '' }, endingIndex)}”`
            : 'an ending the questionnaire does not have'
          : 'the built-in sentence';
        return (
          <fieldset key={quota.id} className="quota">
            <legend>
              {label}
              {quota.name.trim() ? `: ${quota.name.trim()}` : ''}
            </legend>
            <div className="row">
              <div className="field">
                <label htmlFor={`${id}-name`}>{label} name</label>
                <input
                  id={`${id}-name`}
                  value={quota.name}
                  aria-invalid={nameErrors.length > 0 || undefined}
                  aria-describedby={nameErrors.length > 0 ? `${id}-name-error` : undefined}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
                <FieldErrors id={`${id}-name-error`} errors={nameErrors} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-limit`}>{label} limit (completed responses)</label>
                <input
                  id={`${id}-limit`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={quota.limit ?? ''}
                  aria-invalid={limitErrors.length > 0 || undefined}
                  aria-describedby={[`${id}-count`, limitErrors.length > 0 ? `${id}-limit-error` : '']
                    .filter(Boolean)
                    .join(' ')}
                  onChange={(event) => {
                    const typed = numberIn(event);
                    onUnfinished(`${at}.limit`, typed.kind === 'unfinished');
                    if (typed.kind === 'value') update(index, { limit: typed.value });
                  }}
                />
                <p id={`${id}-count`} className="count">
                  {countWords(quota, counted)}
                </p>
                <FieldErrors id={`${id}-limit-error`} errors={limitErrors} />
              </div>
            </div>
            {definition && (
              <>
                <FieldErrors id={`${id}-rule-error`} errors={ruleErrors} />
                <ConditionsEditor
                  idPrefix={id}
                  label={label}
                  rule={quota.rule}
                  questions={questions}
                  hiddenFields={hiddenFields}
                  externalRef={false}
                  path={at}
                  fieldErrors={errors}
                  onChange={(rule) => update(index, { rule })}
                />
                <div className="field">
                  <label htmlFor={`${id}-ending`}>{label}: shown to someone it turns away</label>
                  <select
                    id={`${id}-ending`}
                    value={quota.endingId ?? ''}
                    aria-invalid={endingErrors.length > 0 || undefined}
                    aria-describedby={endingErrors.length > 0 ? `${id}-ending-error` : undefined}
                    onChange={(event) => update(index, { endingId: event.target.value || undefined })}
                  >
                    <option value="">The built-in sentence: “{BUILT_IN_QUOTA_ENDING}”</option>
                    {!knownEnding && <option value={quota.endingId}>An ending the questionnaire does not have</option>}
                    {endings.map((ending, i) => (
                      <option key={ending.id} value={ending.id}>
                        The ending “{endingName(ending, i)}”
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={`${id}-ending-error`} errors={endingErrors} />
                </div>
                <p className="muted rule-summary">
                  In words: counts the completed responses where{' '}
                  {lookup ? conditionsInWords({ mode: 'CONDITIONAL', rule: quota.rule }, lookup) : '…'}
                  {quota.limit === null ? '' : `, up to ${count(quota.limit)}`}; once full, someone else it matches is
                  shown {shown}.
                </p>
              </>
            )}
            {counted && counted.count > 0 ? (
              <ConfirmButton
                label="Remove quota"
                confirmLabel="Remove"
                accessibleName={`Remove ${label.toLowerCase()}`}
                question={`Remove the quota “${quota.name.trim() || label}”?`}
                description={`It has counted ${count(counted.count)} completed responses. Added again, a quota counts from zero.`}
                onConfirm={() => remove(index)}
              />
            ) : (
              <button type="button" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => remove(index)}>
                Remove quota
              </button>
            )}
          </fieldset>
        );
      })}
      <FieldErrors id="quotas-error" errors={listErrors} />
      <button
        type="button"
        id="add-quota"
        disabled={quotas.length >= MAX_QUOTAS || definition === undefined}
        aria-describedby={quotas.length >= MAX_QUOTAS ? 'quotas-most' : undefined}
        onClick={() => {
          const rule = { combinator: 'ALL' as const, conditions: [newCondition(questions, hiddenFields, false)] };
          onChange([...quotas, { id: newQuotaId(), name: '', limit: null, rule }]);
          setFocus(`quota-${quotas.length}-name`);
        }}
      >
        Add quota
      </button>
      {quotas.length >= MAX_QUOTAS && (
        <p id="quotas-most" className="muted hint">
          A questionnaire has at most {MAX_QUOTAS} quotas.
        </p>
      )}
    </fieldset>
  );
}
