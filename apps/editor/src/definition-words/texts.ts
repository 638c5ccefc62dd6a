import {
  DEFAULT_LANGUAGE,
  type ElementTexts,
  LABELLED_LISTS,
  type LabelledList,
  type Layout,
  languagesOf,
  type Question,
  type Translations,
  TYPE_CONFIG_TEXTS,
  walkDefinition,
} from '@forms-engine/schema/rules';
import { oneLine, questionName, quoted } from './question-words.ts';
import { settingName } from './setting-words.ts';

/**
 * The texts of a definition that a respondent reads, one entry per string, in the order a
 * respondent meets them (the rule engine's walk: steps, their questions, their tabs ...): the
 * titles of steps and tabs; each question's section title, prompt, the text settings of its type
 * (`TYPE_CONFIG_TEXTS`) and each choice's label. Only texts the default language has are listed:
 * an empty placeholder has nothing to translate. Every screen that counts, lists, exports or
 * compares translations reads this list, so they all agree on what "a text" is.
 */
export interface TranslatableText {
  /** `q_name.prompt`, `q_plan.typeConfig.choices.pro`: the element id, then the field inside its texts. */
  key: string;
  /** The step, tab or question id (the key of `translations[language]`). */
  id: string;
  /** Where inside `ElementTexts`: `title`, `prompt`, `sectionTitle`, `typeConfig.placeholder`, `typeConfig.choices.<value>`. */
  field: string;
  /** The text in the default language. */
  source: string;
  /** The element in words: `“Your name”`, `step “About you”`. */
  element: string;
  /** The text's name inside the element, for a field's label: "Prompt", "Choice 2". */
  part: string;
  /** The text in a sentence: "the prompt of “Your name”", "the choice “Pro” of “Plan”". */
  name: string;
  /** A text of several lines (Markdown links and emphasis allowed): prompts, consent texts, statements. */
  long: boolean;
  /** The most characters the API takes for it. */
  maxLength: number;
}

/** The API's limits (packages/schema: definition.ts, translations.ts, question-types.ts); a test holds them together. */
export const TEXT_LIMITS = {
  title: 500,
  sectionTitle: 500,
  prompt: 5000,
  placeholder: 200,
  unit: 20,
  label: 2000,
  body: 10_000,
  yesLabel: 200,
  noLabel: 200,
  minLabel: 200,
  maxLabel: 200,
  otherLabel: 200,
  choice: 200,
} as const;

const LONG_SETTINGS = new Set(['label', 'body']);

type Choice = { value: string; label: string };
const itemsOf = (question: Question, list: LabelledList): readonly Choice[] =>
  ((question.typeConfig as Partial<Record<LabelledList, readonly Choice[]>>)[list] ?? []).filter(Boolean);

const isLabelledList = (key: string | undefined): key is LabelledList =>
  (LABELLED_LISTS as readonly string[]).includes(key ?? '');

/** What one item of each list is called: "Choice 2", "Row 1", "Column 3". */
const ITEM_NOUNS: Record<LabelledList, string> = { choices: 'choice', rows: 'row', columns: 'column' };

/** A step or tab named by its title, in a sentence: `step “About you”`. */
const sectionWords = (kind: 'step' | 'tab', title: string) => `${kind} ${quoted(oneLine(title))}`;

/** A question named by its prompt: `“Your name”`; an untitled one by its type. */
export const questionWords = (question: Pick<Question, 'prompt' | 'type'>) =>
  oneLine(question.prompt ?? '') ? quoted(questionName(question)) : questionName(question);

const cache = new WeakMap<object, TranslatableText[]>();

export function translatableTexts(
  definition: Layout & { endings?: readonly { id: string; title: string; body: string }[] | undefined },
): TranslatableText[] {
  const cached = cache.get(definition);
  if (cached) return cached;
  const texts: TranslatableText[] = [];
  const add = (text: Omit<TranslatableText, 'key' | 'name'> & { name?: string }) => {
    if (!text.source.trim()) return;
    texts.push({
      ...text,
      key: `${text.id}.${text.field}`,
      name: text.name ?? `the ${text.part.charAt(0).toLowerCase()}${text.part.slice(1)} of ${text.element}`,
    });
  };
  walkDefinition(definition, (walked) => {
    if (walked.kind !== 'question') {
      const section = walked.kind === 'step' ? walked.step : walked.tab;
      const element = sectionWords(walked.kind, section.title ?? '');
      add({
        id: section.id,
        field: 'title',
        source: section.title ?? '',
        element,
        part: 'Title',
        long: false,
        maxLength: TEXT_LIMITS.title,
      });
      return;
    }
    const { question } = walked;
    const element = questionWords(question);
    const long = { long: true, maxLength: TEXT_LIMITS.prompt };
    add({
      id: question.id,
      field: 'sectionTitle',
      source: question.sectionTitle ?? '',
      element,
      part: 'Section title',
      long: false,
      maxLength: TEXT_LIMITS.sectionTitle,
    });
    add({ id: question.id, field: 'prompt', source: question.prompt ?? '', element, part: 'Prompt', ...long });
    const config = (question.typeConfig ?? {}) as Record<string, unknown>;
    for (const setting of TYPE_CONFIG_TEXTS[question.type] ?? []) {
      if (isLabelledList(setting)) {
        const noun = ITEM_NOUNS[setting];
        itemsOf(question, setting).forEach((choice, index) => {
          add({
            id: question.id,
            field: `typeConfig.${setting}.${choice.value}`,
            source: choice.label,
            element,
            part: `${noun[0]?.toUpperCase()}${noun.slice(1)} ${index + 1}`,
            name: `the ${noun} ${quoted(oneLine(choice.label) || choice.value)} of ${element}`,
            long: false,
            maxLength: TEXT_LIMITS.choice,
          });
        });
        continue;
      }
      const value = config[setting];
      add({
        id: question.id,
        field: `typeConfig.${setting}`,
        source: typeof value === 'string' ? value : '',
        element,
        part: settingName(setting, question.type),
        long: LONG_SETTINGS.has(setting),
        maxLength: TEXT_LIMITS[setting as keyof typeof TEXT_LIMITS] ?? TEXT_LIMITS.body,
      });
    }
  });
  // Endings come last, as a respondent meets them.
  for (const ending of definition.endings ?? []) {
    const element = `ending ${quoted(oneLine(ending.title) || ending.id)}`;
    add({
      id: ending.id,
      field: 'title',
      source: ending.title,
      element,
      part: 'Title',
      long: false,
      maxLength: TEXT_LIMITS.title,
    });
    add({
      id: ending.id,
      field: 'body',
      source: ending.body,
      element,
      part: 'Text',
      long: true,
      maxLength: TEXT_LIMITS.prompt,
    });
  }
  cache.set(definition, texts);
  return texts;
}

/** The translation of one text in `language`, as stored ("" and absent both mean none). */
export function translationOf(
  translations: Translations | undefined,
  language: string,
  text: Pick<TranslatableText, 'id' | 'field'>,
): string | undefined {
  const element: ElementTexts | undefined = translations?.[language]?.[text.id];
  if (!element) return undefined;
  const [first, second, ...rest] = text.field.split('.');
  if (first !== 'typeConfig') return element[first as 'title' | 'body' | 'prompt' | 'sectionTitle'] || undefined;
  const value = element.typeConfig?.[second ?? ''];
  if (isLabelledList(second)) {
    const label = typeof value === 'object' && value ? value[rest.join('.')] : undefined;
    return label || undefined;
  }
  return typeof value === 'string' && value ? value : undefined;
}

type Translatable = Layout & { defaultLanguage?: string | undefined; translations?: Translations | undefined };

/** The texts `language` has no translation for (respondents read them in the default language). */
export function missingTexts(definition: Translatable, language: string): TranslatableText[] {
  return translatableTexts(definition).filter(
    (text) => translationOf(definition.translations, language, text) === undefined,
  );
}

/**
 * The default language, then the others by their English names: one order on every screen
 * (the stored order is not kept: Postgres' jsonb orders object keys its own way).
 */
export function languagesInOrder(definition: Pick<Translatable, 'defaultLanguage' | 'translations'>): string[] {
  const [first, ...others] = languagesOf(definition);
  return [first as string, ...others.sort((a, b) => languageName(a).localeCompare(languageName(b), 'en'))];
}

/** Every language but the default, with how many of its texts are missing, in `languagesInOrder`. */
export function missingByLanguage(definition: Translatable): { language: string; missing: number; total: number }[] {
  const total = translatableTexts(definition).length;
  return languagesInOrder(definition)
    .slice(1)
    .map((language) => ({ language, missing: missingTexts(definition, language).length, total }));
}

const names = new Map<string, Intl.DisplayNames | undefined>();
function displayNames(inLanguage: string): Intl.DisplayNames | undefined {
  if (!names.has(inLanguage)) {
    try {
      names.set(inLanguage, new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'none' }));
    } catch {
      names.set(inLanguage, undefined);
    }
  }
  return names.get(inLanguage);
}

/** A language's name in `inLanguage` (English, this editor's language, by default); the tag where Intl has none. */
export function languageName(tag: string, inLanguage = 'en'): string {
  try {
    return displayNames(inLanguage)?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** A language's name in itself ("Deutsch" for `de`), as its speakers look for it. */
export const ownLanguageName = (tag: string): string => languageName(tag, tag);

/** "German (Deutsch)"; a language whose own name is its English one once ("English"). */
export function languageLabel(tag: string): string {
  const name = languageName(tag);
  const own = ownLanguageName(tag);
  return own && own !== name && own !== tag ? `${name} (${own})` : name;
}

const RIGHT_TO_LEFT = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ku-Arab',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);

/** True for a language written right to left (Arabic, Hebrew, Persian, Urdu ...). */
export function isRightToLeft(tag: string): boolean {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const direction = locale.getTextInfo?.().direction ?? locale.textInfo?.direction;
    if (direction) return direction === 'rtl';
    return RIGHT_TO_LEFT.has(locale.language) || RIGHT_TO_LEFT.has(`${locale.language}-${locale.script ?? ''}`);
  } catch {
    return false;
  }
}

/** "3 texts" / "1 text". */
export const textCount = (n: number) => `${n} ${n === 1 ? 'text' : 'texts'}`;

/**
 * What publishing `definition` leaves untranslated, one sentence per language that misses texts:
 * "German: 3 texts not translated; respondents will read them in English."
 */
export function untranslatedInWords(definition: Translatable): string[] {
  const fallback = languageName(definition.defaultLanguage ?? DEFAULT_LANGUAGE);
  return missingByLanguage(definition)
    .filter((entry) => entry.missing > 0)
    .map(
      ({ language, missing }) =>
        `${languageName(language)}: ${textCount(missing)} not translated; respondents will read ${missing === 1 ? 'it' : 'them'} in ${fallback}.`,
    );
}
