import { useEffect, useRef, useState } from 'preact/hooks';
import type { GeocodeSuggestion } from '../../client/types';
import { useEmbed } from '../context';
import { format } from '../labels';
import { usePartStyles } from '../part-styles';
import { STYLES } from './address-suggest-styles';

/** ARIA state of an address part, from the address group. */
export interface PartProps {
  required: boolean;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
}

const DEBOUNCE_MS = 250;
const MIN_QUERY = 2;

/**
 * A part of an ADDRESS (the street, the postal code) as an ARIA combobox (editable, list
 * autocomplete): suggestions from /public/v1/geocode as the person types, those `offered`
 * only; Up/Down move through them, Enter picks one, Escape closes the list. Focus stays in
 * the input throughout.
 */
export function AddressSuggest({
  id,
  name,
  value,
  country,
  offered,
  onInput,
  onPick,
  inputProps,
}: {
  id: string;
  /** The part's name, for the list. */
  name: string;
  value: string;
  country: string | undefined;
  offered: (suggestion: GeocodeSuggestion) => boolean;
  onInput: (value: string) => void;
  onPick: (suggestion: GeocodeSuggestion) => void;
  inputProps: PartProps;
}) {
  const styled = usePartStyles<HTMLDivElement>(STYLES);
  const { client, labels, locale } = useEmbed();
  const [options, setOptions] = useState<GeocodeSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const listId = `${id}-suggestions`;

  /** Drops a pending or running lookup: its answer must not open a list the person left. */
  const cancel = () => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
  };
  useEffect(() => cancel, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const lookUp = (query: string) => {
    cancel();
    if (query.trim().length < MIN_QUERY) {
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const found = (await client.geocode({ q: query, country, limit: 5 }, { signal: controller.signal })).filter(
          offered,
        );
        if (controller.signal.aborted) return;
        setOptions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setAnnouncement(
          found.length > 0
            ? format(labels.suggestionsAvailable, { count: found.length }, locale)
            : labels.noSuggestions,
        );
      } catch {
        // Suggestions are an aid: without them the person types the address in full.
        if (!controller.signal.aborted) close();
      }
    }, DEBOUNCE_MS);
  };

  const pick = (suggestion: GeocodeSuggestion) => {
    onPick(suggestion);
    setOptions([]);
    close();
    setAnnouncement('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault(); // pick, do not submit the form
      const chosen = options[active];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      cancel();
      if (!open) return;
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div class="fe-combobox" ref={styled}>
      <input
        {...inputProps}
        class="fe-input"
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onInput={(event) => {
          onInput(event.currentTarget.value);
          lookUp(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          cancel();
          close();
        }}
      />
      {expanded && (
        <div class="fe-listbox" id={listId} role="listbox" aria-label={name}>
          {options.map((option, index) => (
            // Keyboard use goes through the input (aria-activedescendant), so options need no key handlers.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            <div
              key={option.label}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              class={index === active ? 'fe-option fe-option-active' : 'fe-option'}
              // mousedown would blur the input (closing the list) before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.label}
            </div>
          ))}
        </div>
      )}
      <div class="fe-sr" role="status">
        {announcement}
      </div>
    </div>
  );
}
