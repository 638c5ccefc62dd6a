import type { Choice, Definition, ElementTexts, Ending, Question, Step, Tab } from './model';
import { DEFAULT_LANGUAGE, LABELLED_LISTS } from './vocabulary';

/**
 * Languages of a definition: the tag in canonical form, the set a definition offers, RFC 4647
 * lookup of what a respondent asks for, and `localize`, the one place a definition is turned into
 * one language, string by string, falling back to the default texts. Every consumer (embed,
 * preview, summary, CSV headers) reads a localized definition, so none resolves texts itself.
 */

/** `EN` -> `en`, `de-at` -> `de-AT`; undefined when it is not a well-formed BCP 47 tag. */
export function canonicalLanguage(tag: string): string | undefined {
  if (!tag || tag.length > 35 || tag.trim() !== tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The default language first, then the translations' languages in their order. */
export function languagesOf(definition: Pick<Definition, 'defaultLanguage' | 'translations'>): string[] {
  const first = definition.defaultLanguage ?? DEFAULT_LANGUAGE;
  return [first, ...Object.keys(definition.translations ?? {}).filter((tag) => tag !== first)];
}

/**
 * RFC 4647 lookup (section 3.4): for each wanted range in order, the available tag equal to it,
 * else to it with its last subtag cut (`de-AT` -> `de`, `zh-Hant-TW` -> `zh-Hant` -> `zh`; a
 * single-letter subtag is cut with what follows it). Case does not matter. Undefined when none fits.
 */
export function lookupLanguage(wanted: readonly string[], available: readonly string[]): string | undefined {
  const byLower = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  for (const range of wanted) {
    let candidate = (canonicalLanguage(range) ?? range).toLowerCase();
    while (candidate) {
      const found = byLower.get(candidate);
      if (found) return found;
      const cut = candidate.lastIndexOf('-');
      if (cut < 0) break;
      candidate = candidate.slice(0, cut);
      if (/-[a-z0-9]$/.test(candidate)) candidate = candidate.slice(0, -2);
    }
  }
  return undefined;
}

const pick = (translated: string | undefined, original: string) => (translated ? translated : original);

function localizeConfig(question: Question, given: ElementTexts['typeConfig']): Question {
  if (!given) return question;
  const config: Record<string, unknown> = { ...question.typeConfig };
  for (const [key, value] of Object.entries(given)) {
    if (
      (LABELLED_LISTS as readonly string[]).includes(key) &&
      typeof value === 'object' &&
      Array.isArray(config[key])
    ) {
      config[key] = (config[key] as readonly Choice[]).map((item) => ({
        ...item,
        label: pick(value[item.value], item.label),
      }));
    } else if (typeof value === 'string' && value) config[key] = value;
  }
  return { ...question, typeConfig: config } as Question;
}

/**
 * The definition in one language: every text that `translations[language]` has replaces the
 * default one, string by string; the rest (and every code, value and rule) is unchanged. The
 * default language, or one the definition does not have, gives the default texts. The result
 * carries no `translations`: it is one language, named by `defaultLanguage`.
 */
export function localize<D extends Definition>(definition: D, language: string): D {
  const { translations: _translations, ...rest } = definition;
  const base = definition.defaultLanguage ?? DEFAULT_LANGUAGE;
  const translation = definition.translations?.[language];
  if (language === base || !translation) return { ...rest, defaultLanguage: base } as D;
  // Each element's texts in this language, by its id.
  const texts = (id: string): ElementTexts | undefined => translation[id];
  const localizeQuestion = (question: Question): Question => {
    const given = texts(question.id);
    if (!given) return question;
    return localizeConfig(
      {
        ...question,
        prompt: pick(given.prompt, question.prompt),
        sectionTitle: pick(given.sectionTitle, question.sectionTitle),
      },
      given.typeConfig,
    );
  };
  const localizeTab = (tab: Tab): Tab => ({
    ...tab,
    title: pick(texts(tab.id)?.title, tab.title),
    questions: tab.questions.map(localizeQuestion),
  });
  const localizeStep = (step: Step): Step => ({
    ...step,
    title: pick(texts(step.id)?.title, step.title),
    tabs: step.tabs.map(localizeTab),
    questions: step.questions.map(localizeQuestion),
  });
  const localizeEnding = (ending: Ending): Ending => {
    const given = texts(ending.id);
    if (!given) return ending;
    return { ...ending, title: pick(given.title, ending.title), body: pick(given.body, ending.body) };
  };
  return {
    ...rest,
    defaultLanguage: language,
    steps: definition.steps.map(localizeStep),
    tabs: definition.tabs.map(localizeTab),
    questions: definition.questions.map(localizeQuestion),
    ...(definition.endings ? { endings: definition.endings.map(localizeEnding) } : {}),
  } as unknown as D;
}
