import { canonicalLanguage } from '@forms-engine/schema/rules';
import { languageLabel, languageName, ownLanguageName } from '../../definition-words/index.ts';

/**
 * The languages a builder can look for by name: every ISO 639-1 language the browser can name,
 * a few languages without a two-letter code, and the regional and script variants sites most
 * often keep apart (pt-BR / pt-PT, zh-Hans / zh-Hant, es-419 ...). Any other well-formed tag
 * (`de-CH`, `sr-Latn`) is found by typing it. Names come from Intl.DisplayNames: in English (this
 * editor's language), in the language itself, and in the browser's language when that is another.
 */
const CODES =
  'aa ab af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu ' +
  'ast ceb ckb fil gsw haw hmn yue ' +
  'en-GB en-US es-419 es-ES es-MX fr-CA fr-FR pt-BR pt-PT zh-Hans zh-Hant de-AT de-CH nl-BE sr-Latn sr-Cyrl';

export interface CatalogueLanguage {
  tag: string;
  /** "German (Deutsch)". */
  label: string;
  /** Everything it can be found by, lower case and without accents. */
  search: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const browserLanguage = () => (typeof navigator === 'undefined' ? 'en' : (navigator.language ?? 'en'));

let catalogue: CatalogueLanguage[] | undefined;

function entry(tag: string): CatalogueLanguage {
  const names = [languageName(tag), ownLanguageName(tag), languageName(tag, browserLanguage()), tag];
  return { tag, label: languageLabel(tag), search: fold(names.join(' | ')) };
}

export function languageCatalogue(): CatalogueLanguage[] {
  if (!catalogue) {
    catalogue = CODES.split(/\s+/)
      .filter(Boolean)
      .filter((tag) => languageName(tag) !== tag)
      .map(entry)
      .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  }
  return catalogue;
}

/**
 * The languages whose names (or tag) contain `query`, those whose name starts with it first;
 * a typed tag that the catalogue lacks (`de-CH`) is offered too. `except` are left out.
 */
export function findLanguages(query: string, except: readonly string[]): CatalogueLanguage[] {
  const wanted = fold(query.trim());
  if (!wanted) return [];
  const skip = new Set(except);
  const found = languageCatalogue().filter((language) => !skip.has(language.tag) && language.search.includes(wanted));
  // A name that is the query first ("deutsch": German before Austrian German), then names that
  // start with it, then a word of a name that does; a language before its regional variants.
  const rank = (language: CatalogueLanguage) => {
    const names = language.search.split(' | ');
    if (names.includes(wanted)) return 0;
    if (names.some((name) => name.startsWith(wanted))) return 1;
    if (names.some((name) => name.split(/[\s()]+/).some((word) => word.startsWith(wanted)))) return 2;
    return 3;
  };
  found.sort((a, b) => rank(a) - rank(b) || a.tag.length - b.tag.length);
  const typed = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(query.trim()) ? canonicalLanguage(query.trim()) : undefined;
  if (typed && !skip.has(typed) && !found.some((language) => language.tag === typed) && languageName(typed) !== typed)
    found.unshift(entry(typed));
  return found;
}
