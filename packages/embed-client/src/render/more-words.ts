import { useEmbed } from './context';
import type { Labels } from './labels';
import { MORE_TYPE_WORDS } from './questions/more-type-words';

/** The shown language's words, with a part's English for any of its words the tables lack. */
export const withEnglish = <T extends object>(labels: Labels, english: T): Labels =>
  ({
    ...english,
    ...Object.fromEntries(Object.entries(labels).filter(([, value]) => value !== undefined)),
  }) as unknown as Labels;

export function useMoreWords() {
  const context = useEmbed();
  return { ...context, words: withEnglish(context.labels, MORE_TYPE_WORDS) };
}
