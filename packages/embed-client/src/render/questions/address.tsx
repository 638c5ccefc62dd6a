import {
  type Address as AddressAnswer,
  type AddressField,
  COUNTRY_CODE_LIST,
  isEmptyAnswer,
  REQUIRED_ADDRESS_FIELDS,
} from '@forms-engine/schema/rules';
import { useMemo } from 'preact/hooks';
import type { GeocodeSuggestion } from '../../client/types';
import { useEmbed } from '../context';
import { Group, type QuestionProps } from '../field';
import type { Labels } from '../labels';
import { AddressSuggest, type PartProps } from './address-suggest';

const EMPTY: AddressAnswer = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };

const LABEL_OF: Record<AddressField, keyof Labels> = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'addressCity',
  state: 'addressState',
  postalCode: 'addressPostalCode',
  country: 'addressCountry',
};

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

/** An address group: street (with suggestions), line 2, city, state, postal code and country, each labelled. */
export function Address({ question, value, onChange, required, error, ids }: QuestionProps<'ADDRESS'>) {
  const { labels, locale } = useEmbed();
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
  const partProps = (field: AddressField): PartProps => {
    const isRequired = required && REQUIRED_ADDRESS_FIELDS.includes(field);
    // A missing address marks the parts it needs; other errors name their parts, or concern them all.
    const invalid =
      error &&
      (error.fields
        ? error.fields.includes(field)
        : error.code !== 'REQUIRED' || REQUIRED_ADDRESS_FIELDS.includes(field));
    return {
      required: isRequired,
      'aria-invalid': invalid ? 'true' : undefined,
      'aria-describedby': invalid ? ids.error : undefined,
    };
  };
  const label = (field: AddressField, isRequired = false) => (
    <label class="fe-label fe-sublabel" for={partId(field)}>
      {labels[LABEL_OF[field]] as string}
      {isRequired && (
        <span class="fe-required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
  const text = (field: Exclude<AddressField, 'country' | 'line1'>, wide = false) => (
    <div class={wide ? 'fe-address-part fe-address-wide' : 'fe-address-part'}>
      {label(field, required && REQUIRED_ADDRESS_FIELDS.includes(field))}
      <input
        {...partProps(field)}
        class="fe-input"
        id={partId(field)}
        type="text"
        autoComplete={AUTOCOMPLETE[field]}
        value={address[field] ?? ''}
        onInput={(event) => update({ [field]: event.currentTarget.value })}
      />
    </div>
  );

  return (
    <Group ids={ids} prompt={question.prompt} required={required} error={error}>
      <div class="fe-address">
        <div class="fe-address-part fe-address-wide">
          {label('line1', required)}
          {suggestions ? (
            <AddressSuggest
              id={partId('line1')}
              name={labels.addressLine1}
              value={address.line1}
              country={country}
              inputProps={partProps('line1')}
              onInput={(line1) => update({ line1 })}
              onPick={(suggestion) => fill(suggestion, true)}
            />
          ) : (
            <input
              {...partProps('line1')}
              class="fe-input"
              id={partId('line1')}
              type="text"
              autoComplete={AUTOCOMPLETE.line1}
              value={address.line1}
              onInput={(event) => update({ line1: event.currentTarget.value })}
            />
          )}
        </div>
        {text('line2', true)}
        {text('city')}
        {text('state')}
        {suggestions ? (
          <div class="fe-address-part">
            {label('postalCode')}
            <AddressSuggest
              id={partId('postalCode')}
              name={labels.addressPostalCode}
              value={address.postalCode}
              country={country}
              offered={(suggestion) => Boolean(suggestion.postalCode)}
              inputProps={partProps('postalCode')}
              onInput={(postalCode) => update({ postalCode })}
              onPick={(suggestion) => fill(suggestion, false)}
            />
          </div>
        ) : (
          text('postalCode')
        )}
        <div class="fe-address-part">
          {label('country', required)}
          <select
            {...partProps('country')}
            class="fe-input fe-select"
            id={partId('country')}
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
        </div>
      </div>
    </Group>
  );
}
