import type { Closed } from '../session/machine';
import { useEmbed } from './context';
import { format, type Labels } from './labels';
import { Message } from './message';

const SENTENCE = {
  CLOSED: 'questionnaireClosed',
  FULL: 'questionnaireFull',
  QUOTA_FULL: 'quotaFull',
} as const satisfies Record<Exclude<Closed['reason'], 'NOT_YET_OPEN'>, keyof Labels>;

/**
 * Why no answers are taken, in the language shown. The opening is written the language's way
 * (`locale`) in the respondent's own time zone (Intl's default), with the time: a questionnaire
 * opening at 08:00 UTC opens at 09:00 for a reader in Berlin. Without a date: "not open yet".
 */
export function closedSentence(closed: Closed, labels: Labels, locale: string): string {
  if (closed.reason !== 'NOT_YET_OPEN') return labels[SENTENCE[closed.reason]];
  const opens = new Date(closed.opensAt ?? Number.NaN);
  if (Number.isNaN(opens.getTime())) return labels.notPublished;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(opens);
  return format(labels.questionnaireOpensOn, { date });
}

/**
 * The sentence alone, as the heading of a status message: read out when it replaces the form.
 * The date is written in the language of the words around it (`language`: the questionnaire's),
 * not the page's: "opens on 1. Dezember" inside an English sentence reads as two languages.
 */
export function ClosedMessage({ closed, language }: { closed: Closed; language?: string | null | undefined }) {
  const { labels, locale } = useEmbed();
  return <Message status heading={closedSentence(closed, labels, language ?? locale)} body={null} />;
}
