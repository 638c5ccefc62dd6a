import {
  ADDRESS_FIELDS,
  type Address as AddressAnswer,
  type AddressField,
  type AnswerError,
  COUNTRY_CODE_LIST,
  isEmptyAnswer,
  REQUIRED_ADDRESS_FIELDS,
} from '@forms-engine/schema/rules';
import { useMemo } from 'preact/hooks';
import type { GeocodeSuggestion } from '../../client/types';
import { useEmbed } from '../context';
import { errorMessage, Group, type QuestionProps } from '../field';
import { ADDRESS_PART_LABEL, type Labels } from '../labels';
import { usePartStyles } from '../part-styles';
import { STYLES } from './address-styles';
import type { PartProps } from './address-suggest';
import { AddressSuggest } from './address-suggest-on-demand';

const EMPTY: AddressAnswer = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };

/** The parts that take suggestions (when the question offers them), and the parts a whole row wide. */
const SUGGESTED: readonly AddressField[] = ['line1', 'city', 'postalCode'];
const WIDE: readonly AddressField[] = ['line1', 'line2'];

const AUTOCOMPLETE: Record<AddressField, string> = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

function countryOptions(allowed: readonly string[] | undefined, locale: string) {
  const codes = allowed && allowed.length > 0 ? allowed : COUNTRY_CODE_LIST;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return codes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * What stays in the street field when a suggestion without a street is picked: the parts typed
 * there (between commas) that the suggestion does not account for. `12 Main St, Springf` keeps
 * `12 Main St`; a place looked up on its own (`Springf`) leaves the field empty for the street.
 */
function streetLeftOf(typed: string, suggestion: GeocodeSuggestion): string {
  const known = suggestion.label.toLowerCase();
  return typed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !known.includes(part.toLowerCase()))
    .join(', ');
}

/**
 * What each part has to say: a part left empty that the address needs says so (each its own
 * sentence), a part the error names (a country not offered) the error's message. Null when the
 * error concerns the answer as a whole, which the group says.
 */
function partProblems(
  error: AnswerError | undefined,
  labels: Labels,
  locale: string,
): Partial<Record<AddressField, string>> | null {
  if (!error) return {};
  const missing =
    error.code === 'REQUIRED' ? REQUIRED_ADDRESS_FIELDS : error.code === 'ADDRESS_INCOMPLETE' && error.fields;
  if (missing) return Object.fromEntries(missing.map((field) => [field, labels.addressPartMissing[field]]));
  if (error.fields)
    return Object.fromEntries(error.fields.map((field) => [field, errorMessage(labels, error, locale)]));
  return null;
}

/** An address group: street (with suggestions), line 2, city, state, postal code and country, each labelled. */
export function Address({ question, value, onChange, required, error, ids }: QuestionProps<'ADDRESS'>) {
  const { labels, locale } = useEmbed();
  const styled = usePartStyles<HTMLDivElement>(STYLES);
  const { allowedCountries, suggestions } = question.typeConfig;
  const address: AddressAnswer = { ...EMPTY, ...(typeof value === 'object' && value !== null ? value : {}) };
  const countries = useMemo(() => countryOptions(allowedCountries, locale), [allowedCountries, locale]);
  const only = allowedCountries?.length === 1 ? allowedCountries[0] : undefined;
  const country = only ?? (address.country || undefined);

  const update = (patch: Partial<AddressAnswer>) => {
    const next = { ...address, ...patch };
    onChange(isEmptyAnswer(next) ? undefined : next);
  };
  /** A picked suggestion fills the parts it knows and leaves every other part as typed. */
  const fill = (suggestion: GeocodeSuggestion, street: boolean) => {
    const patch: Partial<AddressAnswer> = {};
    for (const part of ['city', 'state', 'postalCode', 'country'] as const) {
      if (suggestion[part]) patch[part] = suggestion[part];
    }
    if (street) patch.line1 = suggestion.line1 || streetLeftOf(address.line1, suggestion);
    update(patch);
  };

  const partId = (field: AddressField) => `${ids.control}-${field}`;
  const problemId = (field: AddressField) => `${partId(field)}-error`;
  const problems = partProblems(error, labels, locale);
  const needed = (field: AddressField) => required && REQUIRED_ADDRESS_FIELDS.includes(field);
  const partProps = (field: AddressField): PartProps & { id: string } => {
    const invalid = Boolean(problems?.[field]);
    return {
      id: partId(field),
      required: needed(field),
      'aria-invalid': invalid ? 'true' : undefined,
      'aria-describedby': invalid ? problemId(field) : undefined,
    };
  };
  /** A part's control: the country's list; the street, city or postal code with suggestions when the question offers them; else a text field. */
  const control = (field: AddressField) => {
    if (field === 'country') {
      return (
        <select
          {...partProps(field)}
          class="fe-input fe-select"
          autoComplete={AUTOCOMPLETE.country}
          value={address.country}
          onChange={(event) => update({ country: event.currentTarget.value })}
        >
          <option value="">{labels.selectPlaceholder}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      );
    }
    if (suggestions && SUGGESTED.includes(field)) {
      const { id, ...inputProps } = partProps(field);
      return (
        <AddressSuggest
          id={id}
          name={labels[ADDRESS_PART_LABEL[field]]}
          value={address[field] ?? ''}
          country={country}
          // The street takes any place (what was typed stays the street when it has none); city and
          // postal code only the places that have one.
          offered={(suggestion) => field === 'line1' || Boolean(suggestion[field as 'city' | 'postalCode'])}
          inputProps={inputProps}
          onInput={(value) => update({ [field]: value })}
          onPick={(suggestion) => fill(suggestion, field === 'line1')}
        />
      );
    }
    return (
      <input
        {...partProps(field)}
        class="fe-input"
        type="text"
        autoComplete={AUTOCOMPLETE[field]}
        value={address[field] ?? ''}
        onInput={(event) => update({ [field]: event.currentTarget.value })}
      />
    );
  };

  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={problems ? undefined : error}>
      <div class="fe-address" ref={styled}>
        {ADDRESS_FIELDS.map((field) => (
          // A part: its label, its control, and under it what is wrong with it.
          <div key={field} class={WIDE.includes(field) ? 'fe-address-part fe-address-wide' : 'fe-address-part'}>
            <label class="fe-label fe-sublabel" for={partId(field)}>
              {labels[ADDRESS_PART_LABEL[field]]}
              {needed(field) && (
                <span class="fe-required" aria-hidden="true">
                  {' *'}
                </span>
              )}
            </label>
            {control(field)}
            {problems?.[field] ? (
              <p class="fe-error" id={problemId(field)}>
                {problems[field]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </Group>
  );
}
