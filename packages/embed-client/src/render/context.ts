import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { PublicClient } from '../client/public-client';
import type { Session } from '../session/controller';
import type { Labels } from './labels';

/** What every component of one embed shares. Two embeds on a page have two of these. */
export interface EmbedContext {
  labels: Labels;
  session: Session;
  client: PublicClient;
  /** BCP 47 language for country names and dates (the host page's `lang`, else the browser's). */
  locale: string;
  /** The largest file the server takes, in bytes. */
  maxFileBytes: number;
}

export const EmbedContextValue = createContext<EmbedContext | null>(null);

export function useEmbed(): EmbedContext {
  const value = useContext(EmbedContextValue);
  if (!value) throw new Error('Forms Engine components render inside mount()');
  return value;
}
