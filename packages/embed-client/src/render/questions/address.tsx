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
import { AddressStreet, type PartProps } from './address-street';

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

/** An address group: street (with suggestions), line 2, city, state, postal code and country, each labelled. */
export function Address({ question, value, onChange, required, error, ids }: QuestionProps<'ADDRESS'>) {
  const { labels, locale } = useEmbed();
  const { allowedCountries, suggestions } = question.typeConfig;
  const address: AddressAnswer = { ...EMPTY, ...(typeof value === 'object' && value !== null ? value : {}) };
  const countries = useMemo(() => countryOptions(allowedCountries, locale), [allowedCountries, locale]);
  const only = allowedCountries?.length === 1 ? allowedCountries[0] : undefined;

  const update = (patch: Partial<AddressAnswer>) => {
    const next = { ...address, ...patch };
    onChange(isEmptyAnswer(next) ? undefined : next);
  };
  const fill = (suggestion: GeocodeSuggestion) =>
    update({
      line1: suggestion.line1,
      city: suggestion.city,
      state: suggestion.state,
      postalCode: suggestion.postalCode,
      country: suggestion.country,
    });

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
            <AddressStreet
              id={partId('line1')}
              value={address.line1}
              country={only ?? (address.country || undefined)}
              inputProps={partProps('line1')}
              onInput={(line1) => update({ line1 })}
              onPick={fill}
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
        {text('postalCode')}
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
