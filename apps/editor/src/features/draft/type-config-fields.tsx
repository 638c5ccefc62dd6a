import { QUESTION_TYPES } from '@forms-engine/schema';
import { type LabelledList, type QuestionTypeName, TYPE_CONFIG_TEXTS } from '@forms-engine/schema/rules';
import { useRef } from 'react';
import { settingHint, settingName, settingValue, typeName } from '../../definition-words/index.ts';
import type { Choice } from '../../rule-builder/words.ts';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { ListInput } from '../../ui/list-input.tsx';
import { ChoicesEditor } from './choices-editor.tsx';
import { LIST_WORDS } from './list-words.ts';
import { MomentInput } from './moment-input.tsx';
import { tokensInWords } from './recall.ts';
import { RichTextHint } from './rich-text-hint.tsx';
import { InsertAnswer, type Recall, Recalls } from './text-input.tsx';

type Config = Record<string, unknown>;

type AnySchema = {
  def: {
    type: string;
    innerType?: AnySchema;
    element?: AnySchema;
    shape?: Record<string, AnySchema>;
    entries?: Record<string, string>;
  };
  safeParse(value: unknown): { success: boolean };
};

interface FieldKind {
  kind: 'string' | 'number' | 'boolean' | 'list' | 'choices' | 'enum';
  /** The schema of one item, for lists. */
  element?: AnySchema | undefined;
  /** The values one may pick, for enums (a list's order). */
  options?: string[] | undefined;
}

/** The field's base kind under optional/default wrappers, read from the schema itself. */
function kindOf(schema: AnySchema): FieldKind {
  let current = schema;
  while (current.def.innerType && ['optional', 'default', 'prefault', 'nullable'].includes(current.def.type))
    current = current.def.innerType;
  const type = current.def.type;
  if (type === 'array') {
    const element = current.def.element;
    return element?.def.type === 'object' ? { kind: 'choices' } : { kind: 'list', element };
  }
  if (type === 'number' || type === 'boolean') return { kind: type };
  if (type === 'enum') return { kind: 'enum', options: Object.values(current.def.entries ?? {}) };
  return { kind: 'string' };
}

/** The settings of a type, in the schema's order: the one list of what each type can be configured with. */
export function typeConfigFields(type: QuestionTypeName): [string, FieldKind][] {
  const shape = (QUESTION_TYPES[type].config as unknown as { shape: Record<string, AnySchema> }).shape;
  return Object.entries(shape).map(([name, schema]) => [name, kindOf(schema)]);
}

/** The values a type uses when a setting is left out (a rating from 1 to 5), shown as placeholders. */
function defaultsOf(type: QuestionTypeName): Config {
  const parsed = QUESTION_TYPES[type].config.safeParse({});
  return parsed.success ? (parsed.data as Config) : {};
}

const labelOf = (type: QuestionTypeName, name: string) => settingName(name, type);

const RICH_TEXT_FIELDS = new Set(['label', 'body']);

/** Settings that mean something only beside another one: the Other option's label needs Other offered. */
const SHOWN_WITH: Record<string, string> = { otherLabel: 'allowOther' };

const isMoment = (type: QuestionTypeName, name: string): type is 'DATE_TIME' | 'TIME' =>
  (type === 'DATE_TIME' || type === 'TIME') && (name === 'min' || name === 'max');

interface Props {
  type: QuestionTypeName;
  config: Config;
  /** The API path of the question's typeConfig, for its errors. */
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (config: Config, key: string) => void;
  /** Labels and values of choices, rows and columns go through the definition (their rules follow them). */
  onChoiceLabel: (index: number, label: string, list: LabelledList) => void;
  onChoiceValue: (index: number, value: string, list: LabelledList) => void;
  onChoicePaste: (index: number, lines: string[], replace: boolean, list: LabelledList) => void;
  /** Told what a list box holds but has not added yet. */
  onPendingList?: (name: string, text: string) => void;
  /** What the type's texts (labels, placeholder, statement body) may recall. */
  recall?: Recall | undefined;
}

/** Every typeConfig field of the question's type, each with an input that fits it. */
export function TypeConfigFields({
  type,
  config,
  path,
  fieldErrors,
  onChange,
  onChoiceLabel,
  onChoiceValue,
  onChoicePaste,
  onPendingList,
  recall,
}: Props) {
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const fields = typeConfigFields(type);
  if (fields.length === 0) return null;
  const defaults = defaultsOf(type);
  const set = (name: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
    onChange(next, `typeConfig.${name}`);
  };
  return (
    <fieldset>
      <legend>{typeName(type)} settings</legend>
      {fields.map(([name, { kind, element, options }]) => {
        const needs = SHOWN_WITH[name];
        if (needs && config[needs] !== true) return null;
        const id = `type-config-${name}`;
        const errorsId = `${id}-errors`;
        const errors = fieldErrors(`${path}.${name}`).concat(
          // A list's items report their own errors (`acceptedContentTypes.1`).
          kind === 'list'
            ? ((config[name] as unknown[] | undefined) ?? []).flatMap((_, i) => fieldErrors(`${path}.${name}.${i}`))
            : [],
        );
        const value = config[name];
        const label = labelOf(type, name);
        const hintId = `${id}-hint`;
        const describedBy = (extra?: string) =>
          [extra, errors.length > 0 ? errorsId : undefined].filter(Boolean).join(' ') || undefined;
        // A text the respondent reads (a label, a placeholder, a statement) may recall answers.
        const recallable =
          recall !== undefined && kind === 'string' && (TYPE_CONFIG_TEXTS[type] as readonly string[]).includes(name);
        const text = typeof value === 'string' ? value : '';
        const recalls = recallable ? tokensInWords(recall.definition, text) : [];
        const recallsId = `${id}-recalls`;
        const withRecalls = (extra?: string) =>
          describedBy([extra, recalls.length > 0 ? recallsId : undefined].filter(Boolean).join(' ') || undefined);
        const keep = (element: HTMLInputElement | HTMLTextAreaElement | null) => {
          if (element) inputs.current.set(name, element);
          else inputs.current.delete(name);
        };
        const recallControls = recallable && (
          <>
            <InsertAnswer
              labelId={`${id}-label`}
              options={recall.options}
              input={() => inputs.current.get(name)}
              value={text}
              onChange={(next) => set(name, next)}
            />
            <Recalls id={recallsId} recalls={recalls} />
          </>
        );
        const common = { id, 'aria-invalid': errors.length > 0 || undefined };
        if (kind === 'choices') {
          return (
            <div key={name} className="field">
              <ChoicesEditor
                list={name as LabelledList}
                choices={(value as Choice[]) ?? []}
                onChange={(choices) => set(name, choices)}
                onLabel={(index, label) => onChoiceLabel(index, label, name as LabelledList)}
                onValue={(index, text) => onChoiceValue(index, text, name as LabelledList)}
                onPaste={(index, lines, replace) => onChoicePaste(index, lines, replace, name as LabelledList)}
                path={`${path}.${name}`}
                fieldErrors={fieldErrors}
                recall={recall}
              />
            </div>
          );
        }
        const fallback = defaults[name];
        const hint = settingHint(name, type);
        return (
          <div key={name} className="field">
            {kind === 'boolean' ? (
              <label>
                <input
                  type="checkbox"
                  {...common}
                  aria-describedby={describedBy(hint ? hintId : undefined)}
                  checked={value === true || (value === undefined && fallback === true)}
                  onChange={(event) => set(name, event.target.checked)}
                />{' '}
                {label}
              </label>
            ) : (
              <>
                <label htmlFor={id} id={`${id}-label`}>
                  {label}
                </label>
                {kind === 'number' ? (
                  <input
                    type="number"
                    {...common}
                    aria-describedby={describedBy(hint ? hintId : undefined)}
                    placeholder={typeof fallback === 'number' ? `${fallback} (default)` : undefined}
                    value={typeof value === 'number' ? value : ''}
                    onChange={(event) => set(name, event.target.value === '' ? undefined : Number(event.target.value))}
                  />
                ) : kind === 'enum' ? (
                  <select
                    {...common}
                    aria-describedby={describedBy(hint ? hintId : undefined)}
                    value={typeof value === 'string' ? value : String(fallback ?? options?.[0] ?? '')}
                    onChange={(event) => set(name, event.target.value)}
                  >
                    {(options ?? []).map((option) => (
                      <option key={option} value={option}>
                        {settingValue(name, type, option)}
                      </option>
                    ))}
                  </select>
                ) : isMoment(type, name) ? (
                  <MomentInput
                    id={id}
                    kind={type}
                    value={typeof value === 'string' ? value : undefined}
                    describedBy={describedBy(hint ? hintId : undefined)}
                    invalid={errors.length > 0}
                    onChange={(next) => set(name, next)}
                  />
                ) : kind === 'list' ? (
                  <>
                    <ListInput
                      id={id}
                      label={label}
                      items={Array.isArray(value) ? value.map(String) : []}
                      normalize={LIST_WORDS[name]?.normalize}
                      itemName={LIST_WORDS[name]?.itemName}
                      validate={(item) =>
                        element && !element.safeParse(item).success
                          ? (LIST_WORDS[name]?.refusal(item) ?? `“${item}” is not accepted here.`)
                          : undefined
                      }
                      invalid={errors.length > 0}
                      describedBy={describedBy(LIST_WORDS[name] ? hintId : undefined)}
                      onPendingChange={(text) => onPendingList?.(name, text)}
                      onChange={(items) => set(name, items.length > 0 ? items : undefined)}
                    />
                    {LIST_WORDS[name] && (
                      <p id={hintId} className="muted hint">
                        {LIST_WORDS[name].hint}
                      </p>
                    )}
                  </>
                ) : RICH_TEXT_FIELDS.has(name) ? (
                  <>
                    <textarea
                      {...common}
                      ref={keep}
                      aria-describedby={withRecalls(hintId)}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(event) => set(name, event.target.value)}
                    />
                    <RichTextHint id={hintId} />
                    {recallControls}
                  </>
                ) : (
                  <>
                    <input
                      type={type === 'DATE' && (name === 'min' || name === 'max') ? 'date' : 'text'}
                      {...common}
                      ref={keep}
                      aria-describedby={withRecalls(hint ? hintId : undefined)}
                      value={typeof value === 'string' ? value : ''}
                      onChange={(event) => set(name, event.target.value)}
                    />
                    {recallControls}
                  </>
                )}
              </>
            )}
            {hint && kind !== 'list' && (
              <p id={hintId} className="muted hint">
                {hint}
              </p>
            )}
            <FieldErrors id={errorsId} errors={errors} />
          </div>
        );
      })}
    </fieldset>
  );
}
