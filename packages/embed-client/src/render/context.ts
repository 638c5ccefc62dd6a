import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PublicClient } from '../client/public-client';
import type { Session } from '../session/controller';
import type { LabelOverrides, Labels } from './labels';

/** What every component of one embed shares. Two embeds on a page have two of these. */
export interface EmbedContext {
  /** In the language shown (English and the host's overrides until the questionnaire arrives). */
  labels: Labels;
  /** The host's `labels` option, laid over every language's words. */
  overrides: LabelOverrides | undefined;
  session: Session;
  client: PublicClient;
  /** BCP 47 language for numbers, dates and country names: the language shown (before it is known, the page's). */
  locale: string;
  /** The largest file the server takes, in bytes. */
  maxFileBytes: number;
  /** What shuffled lists are seeded with, with each question's id: one order for the whole response. */
  shuffleSeed: string;
}

// Every component is drawn by `mount`, inside its provider: there is no default to fall back on.
export const EmbedContextValue = createContext<EmbedContext>(null as never);

export const useEmbed = () => useContext(EmbedContextValue);
