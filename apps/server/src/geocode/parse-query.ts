import { normalize } from './normalize.ts';

/** What a free-text address query is split into before the place lookup. */
export interface ParsedQuery {
  /** The street part as the person typed it ('' when there is none): carried into `line1`. */
  line1: string;
  /** The text to look up as a place (city) name, as typed; '' when there is none yet. */
  place: string;
  /** A postal code as typed ('' when none): a ZIP, a Canadian code, or 3 to 6 digits. */
  postalCode: string;
  /** Later comma-separated parts, normalised: a state or country used to rank the places found. */
  hints: string[];
}

/** Street types written before the name ("Rue de Rivoli", "Calle Mayor"); they mark a street anywhere. */
const STREET_PREFIXES = new Set(['rue', 'calle', 'avenida', 'rua', 'via', 'viale', 'piazza', 'ulica', 'carrer']);
/** Street types written after the name ("Main St"); they mark a street unless they open the part ("St Louis"). */
const STREET_SUFFIXES = new Set(
  (
    'street st road rd avenue ave av lane ln drive dr boulevard blvd way court ct place pl terrace highway hwy ' +
    'parkway pkwy square sq crescent cres close circle cir trail alley row strasse str weg gasse platz straat ' +
    'laan box apt suite unit floor'
  ).split(' '),
);
/** Compound street names ("Hauptstraße", "Kerkstraat", "Storgatan") end with one of these. */
const STREET_ENDINGS = /(strasse|straat|gasse|gatan|vagen|veien|vej)$/;
/** A house number: up to 4 digits with an optional letter ("12", "221b", "12-14"). */
const HOUSE_NUMBER = /^\d{1,4}[a-z]?(-\d{1,4}[a-z]?)?$/;
/** Postal codes: US ZIP (+4), Canadian (full or forward sortation area), or 3 to 6 digits. */
const POSTAL_CODE = /^(\d{5}(-\d{4})?|[a-z]\d[a-z]( ?\d[a-z]\d)?|\d{3,6})$/i;
const CANADIAN_LEADING = /^([a-z]\d[a-z])\s+(\d[a-z]\d)(\s|$)/i;
const CANADIAN_TRAILING = /(^|\s)([a-z]\d[a-z])\s+(\d[a-z]\d)$/i;

function hasStreetWord(tokens: string[]): boolean {
  return tokens.some(
    (token, index) =>
      STREET_PREFIXES.has(token) || (index > 0 && STREET_SUFFIXES.has(token)) || STREET_ENDINGS.test(token),
  );
}

/** A street part: a street word, or (when it is not the only part) a house number. */
function isStreet(part: string, onlyPart: boolean): boolean {
  const tokens = normalize(part).split(' ');
  if (hasStreetWord(tokens)) return true;
  if (onlyPart) {
    // "12 Main" while typing; "75001 Paris" or "1010 Wien" lead with a postal code instead.
    const [first, ...rest] = tokens;
    return rest.length > 0 && /^\d{1,3}[a-z]?$/.test(first ?? '');
  }
  return tokens.some((token) => HOUSE_NUMBER.test(token)) && !POSTAL_CODE.test(part.trim());
}

/** Takes a leading or trailing postal code off a part: "IL 62701" -> ["IL", "62701"]. */
function splitPostalCode(part: string): [rest: string, postalCode: string] {
  const text = part.trim();
  if (POSTAL_CODE.test(text) && /\d/.test(text)) return ['', text];
  const leading = CANADIAN_LEADING.exec(text);
  if (leading) return [text.slice(leading[0].length).trim(), `${leading[1]} ${leading[2]}`];
  const trailing = CANADIAN_TRAILING.exec(text);
  if (trailing) return [text.slice(0, trailing.index).trim(), `${trailing[2]} ${trailing[3]}`];
  const words = text.split(/\s+/);
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && POSTAL_CODE.test(last) && /\d/.test(last)) return [words.slice(0, -1).join(' '), last];
  if (words.length > 1 && POSTAL_CODE.test(first) && /\d/.test(first)) return [words.slice(1).join(' '), first];
  return [text, ''];
}

/**
 * Splits what a person typed into an address field. The heuristic, in order:
 * 1. Split on commas (and semicolons, new lines) into parts.
 * 2. Leading parts that look like a street (a street word such as "Street", "Rd", "Rue", "-straße",
 *    or a house number when more parts follow) form `line1`, joined with ", ".
 * 3. The next part is the place to look up; a postal code at its start or end is taken off
 *    ("75001 Paris", "Springfield 62701").
 * 4. Every later part is a hint (state or country, e.g. "IL", "Texas", "France"), with any postal
 *    code taken off it first ("IL 62701").
 * A single part that is a street ("12 Main Street") leaves nothing to look up yet; a single postal
 * code is looked up as one.
 */
export function parseQuery(query: string): ParsedQuery {
  const parts = query
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const street: string[] = [];
  let index = 0;
  while (index < parts.length && isStreet(parts[index] ?? '', parts.length === 1)) street.push(parts[index++] ?? '');

  let postalCode = '';
  let place = '';
  const placePart = parts[index++];
  if (placePart !== undefined) [place, postalCode] = splitPostalCode(placePart);

  const hints: string[] = [];
  for (const part of parts.slice(index)) {
    const [rest, code] = splitPostalCode(part);
    if (code && !postalCode) postalCode = code;
    const hint = normalize(rest);
    if (hint) hints.push(hint);
  }
  return { line1: street.join(', '), place, postalCode, hints };
}
