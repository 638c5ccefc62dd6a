import { plainText } from '@forms-engine/schema/text';

/**
 * Codes from labels (docs/decisions.md, "Codes follow labels"): a question's code and a
 * choice's value are the lower-case slug of its text, unique where it must be, and follow the
 * text until the builder types their own. Whether a code still follows is read from the code
 * itself (nothing extra is stored in the definition), so it survives reloads and imports.
 */

const MAX_LENGTH = 40;

/** Letters that do not decompose into a base letter and a mark. */
const SPELLED_OUT: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ð: 'd', þ: 'th', ł: 'l', đ: 'd' };

/** `Work email` → `work_email`; empty when the text has no Latin letters or digits. */
export function slugOf(text: string): string {
  const words = plainText(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "Your pet's name" is your_pets_name: an apostrophe joins, it does not separate.
    .replace(/['’`]/g, '')
    .replace(/[ßæøœðþłđ]/g, (letter) => SPELLED_OUT[letter] ?? '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}_${word}` : word;
    if (next.length > MAX_LENGTH) {
      // One word longer than the limit is cut; otherwise stop at the last whole word.
      if (!slug) slug = word.slice(0, MAX_LENGTH);
      break;
    }
    slug = next;
  }
  // A code starts with a letter or "_" (the API's rule).
  return /^[0-9]/.test(slug) ? `q_${slug}`.slice(0, MAX_LENGTH) : slug;
}

/** The slug of `text` (or `fallback` when it has none), numbered `_2`, `_3`… when `taken`. */
export function uniqueSlug(text: string, fallback: string, taken: ReadonlySet<string>): string {
  const base = slugOf(text) || fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * True while `code` is what `text` would give (numbered or not), or the old editor's default
 * (`question_3`, `option_2`): such a code follows its text. Anything else was chosen by a person.
 */
export function followsText(code: string, text: string, fallback: string): boolean {
  const base = slugOf(text) || fallback;
  return new RegExp(`^(${escapeRegExp(base)}|${escapeRegExp(fallback)})(_\\d+)?$`).test(code);
}
