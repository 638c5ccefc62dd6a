const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
/** Letters that NFD does not decompose into a base letter plus a mark. */
const FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };
const FOLDABLE = /[ßæœøđðþłı]/g;

/**
 * The form names are compared in: decomposed (NFD) with the accents stripped, lower-cased,
 * punctuation and runs of spaces collapsed to one space. "Sant Julià de Lòria" -> "sant julia de loria",
 * "Saint-Étienne" -> "saint etienne", "Straße" -> "strasse".
 */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDS[letter] ?? letter)
    .replace(NOT_WORD, ' ')
    .trim();
}
