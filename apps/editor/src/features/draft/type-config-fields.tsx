import { QUESTION_TYPES } from '@forms-engine/schema';
import type { QuestionTypeName } from '@forms-engine/schema/rules';
import { ChoicesEditor } from './choices-editor.tsx';
import { FieldErrors } from './field-errors.tsx';
import { QUESTION_TYPE_LABELS } from './question-types.ts';

type Config = Record<string, unknown>;

interface FieldKind {
  kind: 'string' | 'number' | 'boolean' | 'list' | 'choices';
  description: string | undefined;
}

type AnySchema = {
  def: { type: string; innerType?: AnySchema; element?: AnySchema; shape?: Record<string, AnySchema> };
  description?: string;
};

/** The field's base kind under optional/default wrappers, read from the schema itself. */
function kindOf(schema: AnySchema): FieldKind {
  let current = schema;
  const description = schema.description;
  while (current.def.innerType && ['optional', 'default', 'prefault', 'nullable'].includes(current.def.type))
    current = current.def.innerType;
  const type = current.def.type;
  if (type === 'array') {
    const element = current.def.element;
    return { kind: element?.def.type === 'object' ? 'choices' : 'list', description };
  }
  if (type === 'number' || type === 'boolean') return { kind: type, description };
  return { kind: 'string', description };
}

/** The settings of a type, in the schema's order: the one list of what each type can be configured with. */
export function typeConfigFields(type: QuestionTypeName): [string, FieldKind][] {
  const shape = (QUESTION_TYPES[type].config as unknown as { shape: Record<string, AnySchema> }).shape;
  return Object.entries(shape).map(([name, schema]) => [name, kindOf(schema)]);
}

/** "maxLength" -> "Max length". */
const labelOf = (name: string) =>
  name
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/\s(\w)/g, (m) => m.toLowerCase());

interface Props {
  type: QuestionTypeName;
  config: Config;
  /** The API path of the question's typeConfig, for its errors. */
  path: string;
  fieldErrors: (path: string) => string[];
  onChange: (config: Config, key: string) => void;
}

/** Every typeConfig field of the question's type, each with an input that fits it. */
export function TypeConfigFields({ type, config, path, fieldErrors, onChange }: Props) {
  const fields = typeConfigFields(type);
  if (fields.length === 0) return null;
  const set = (name: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
    onChange(next, `typeConfig.${name}`);
  };
  return (
    <fieldset>
      <legend>{QUESTION_TYPE_LABELS[type]} settings</legend>
      {fields.map(([name, { kind, description }]) => {
        const id = `type-config-${name}`;
        const errorsId = `${id}-errors`;
        const errors = fieldErrors(`${path}.${name}`);
        const value = config[name];
        const common = {
          id,
          'aria-invalid': errors.length > 0 || undefined,
          'aria-describedby': errors.length > 0 ? errorsId : undefined,
        };
        if (kind === 'choices') {
          return (
            <div key={name} className="field">
              <ChoicesEditor
                choices={(value as { value: string; label: string }[]) ?? []}
                onChange={(choices) => set(name, choices)}
                path={`${path}.${name}`}
                fieldErrors={fieldErrors}
              />
            </div>
          );
        }
        return (
          <div key={name} className="field">
            {kind === 'boolean' ? (
              <label>
                <input
                  type="checkbox"
                  {...common}
                  checked={value === true || (value === undefined && name === 'suggestions')}
                  onChange={(event) => set(name, event.target.checked)}
                />{' '}
                {labelOf(name)}
              </label>
            ) : (
              <>
                <label htmlFor={id}>
                  {labelOf(name)}
                  {kind === 'list' && <span className="muted"> (comma-separated)</span>}
                </label>
                {kind === 'number' ? (
                  <input
                    type="number"
                    {...common}
                    value={typeof value === 'number' ? value : ''}
                    onChange={(event) => set(name, event.target.value === '' ? undefined : Number(event.target.value))}
                  />
                ) : kind === 'list' ? (
                  <input
                    {...common}
                    value={Array.isArray(value) ? value.join(', ') : ''}
                    onChange={(event) => {
                      const items = event.target.value
                        .split(',')
                        .map((item) => item.trim())
                        .filter(Boolean);
                      set(name, items.length > 0 ? items : undefined);
                    }}
                  />
                ) : name === 'body' || name === 'label' ? (
                  <textarea
                    {...common}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(event) => set(name, event.target.value)}
                  />
                ) : (
                  <input
                    type={type === 'DATE' && (name === 'min' || name === 'max') ? 'date' : 'text'}
                    {...common}
                    value={typeof value === 'string' ? value : ''}
                    onChange={(event) => set(name, event.target.value)}
                  />
                )}
              </>
            )}
            {description && <p className="muted">{description}</p>}
            <FieldErrors id={errorsId} errors={errors} />
          </div>
        );
      })}
    </fieldset>
  );
}
