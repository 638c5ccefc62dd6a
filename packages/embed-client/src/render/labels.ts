import type { AddressField, AnswerErrorCode } from '@forms-engine/schema/rules';
import type { FileUploadWords } from './questions/file-upload-words';
import type { MoreTypeWords } from './questions/more-type-words';

export type { FileUploadWords, MoreTypeWords };

/**
 * Every string the embed shows, in English. Override any of them with the `labels` option.
 * `{name}` placeholders are filled in (`{current}`, `{total}`, `{limit}`, `{count}`, `{name}`, `{fields}`, `{date}`).
 */
export interface Labels extends MoreTypeWords, FileUploadWords {
  back: string;
  next: string;
  submit: string;
  submitting: string;
  loading: string;
  stepProgress: string;
  completedHeading: string;
  completedBody: string;
  alreadySubmittedHeading: string;
  alreadySubmittedBody: string;
  unavailableHeading: string;
  originNotAllowed: string;
  notPublished: string;
  notFound: string;
  externalRefRequired: string;
  networkError: string;
  genericError: string;
  tryAgain: string;
  /** The link to an ending's redirect address, when the host page does not navigate to it itself. */
  continue: string;
  /** Shown while a save or the completion failed for a passing reason and is tried again. */
  saveRetrying: string;
  saveRejected: string;
  /** The response was erased (or its questionnaire deleted): the form starts again. */
  answersErased: string;
  submitFailed: string;
  errorSummary: string;
  errorSummaryOne: string;
  required: string;
  yes: string;
  no: string;
  selectPlaceholder: string;
  addressLine1: string;
  addressLine2: string;
  addressCity: string;
  addressState: string;
  addressPostalCode: string;
  addressCountry: string;
  /** Under an address part that is needed and left empty. */
  addressPartMissing: Record<AddressField, string>;
  suggestionsAvailable: string;
  noSuggestions: string;
  /** Names for wildcard types (`image/*`); other types are named by their format (PNG, PDF). */
  fileKinds: Record<string, string>;
  /** The language switcher's label. */
  language: string;
  /** Before `opensAt` (issue 24); `{date}`: the day and time, written the language's way in the respondent's time zone. */
  questionnaireOpensOn: string;
  /** After `closesAt`. */
  questionnaireClosed: string;
  /** The limit of completed responses is reached. */
  questionnaireFull: string;
  /** A full quota refused the completion, and the quota has no ending of its own. */
  quotaFull: string;
  errors: Record<AnswerErrorCode, string>;
}

export type LabelOverrides = Partial<Omit<Labels, 'errors' | 'addressPartMissing'>> & {
  errors?: Partial<Labels['errors']>;
  addressPartMissing?: Partial<Labels['addressPartMissing']>;
};

/**
 * English. The words of the parts loaded on demand travel with them, not in the first load: the
 * file upload's in `FILE_UPLOAD_WORDS`; the matrix, ranking, NPS, date-time, time and "Other" in
 * `MORE_TYPE_WORDS`.
 */
export const DEFAULT_LABELS: Omit<Labels, keyof MoreTypeWords | keyof FileUploadWords> = {
  back: 'Back',
  next: 'Next',
  submit: 'Submit',
  submitting: 'Submitting…',
  loading: 'Loading…',
  stepProgress: 'Step {current} of {total}',
  completedHeading: 'Thank you',
  completedBody: 'Your answers have been submitted.',
  alreadySubmittedHeading: 'Already submitted',
  alreadySubmittedBody: 'Answers for this questionnaire have already been submitted.',
  unavailableHeading: 'Questionnaire unavailable',
  originNotAllowed: 'This questionnaire is not available on this site.',
  notPublished: 'This questionnaire is not open yet.',
  notFound: 'This questionnaire does not exist.',
  externalRefRequired: 'This questionnaire can only be answered through a personal link.',
  networkError: 'The questionnaire could not be loaded. Check your connection and try again.',
  genericError: 'Something went wrong. Please try again later.',
  tryAgain: 'Try again',
  continue: 'Continue',
  saveRetrying: 'Saving… retrying. Your answers are kept on this page.',
  saveRejected: 'Your answers could not be saved. They are kept on this page; please check them and try again.',
  submitFailed: 'Your answers could not be submitted. Please try again.',
  answersErased: 'Your earlier answers are no longer available, so the questionnaire starts again from the beginning.',
  errorSummary: '{count} answers need your attention.',
  errorSummaryOne: 'One answer needs your attention.',
  required: 'Required',
  yes: 'Yes',
  no: 'No',
  selectPlaceholder: 'Select…',
  addressLine1: 'Street address',
  addressLine2: 'Address line 2',
  addressCity: 'City',
  addressState: 'State / region',
  addressPostalCode: 'Postal code',
  addressCountry: 'Country',
  addressPartMissing: {
    line1: 'Enter the street address.',
    line2: 'Enter the second address line.',
    city: 'Enter the city.',
    state: 'Enter the state or region.',
    postalCode: 'Enter the postal code.',
    country: 'Choose a country.',
  },
  suggestionsAvailable: '{count} suggestions available. Use the up and down arrows to choose.',
  noSuggestions: 'No suggestions',
  fileKinds: { image: 'images', audio: 'audio', video: 'videos', text: 'text files' },
  language: 'Language',
  questionnaireOpensOn: 'This questionnaire opens on {date}.',
  questionnaireClosed: 'This questionnaire is closed.',
  questionnaireFull: 'This questionnaire has all the responses it needs.',
  quotaFull: 'Thank you — we already have enough responses from people like you.',
  errors: {
    REQUIRED: 'This answer is required.',
    INVALID: 'This answer is not valid.',
    TOO_SHORT: 'Enter at least {limit} characters.',
    TOO_LONG: 'Enter at most {limit} characters.',
    TOO_SMALL: 'Enter {limit} or more.',
    TOO_LARGE: 'Enter {limit} or less.',
    STEP_MISMATCH: 'Enter a multiple of {limit}.',
    INVALID_EMAIL: 'Enter an email address like name@example.com.',
    INVALID_URL: 'Enter a web address starting with https://.',
    INVALID_PHONE: 'Enter a phone number.',
    INVALID_DATE: 'Enter a valid date.',
    TOO_EARLY: 'Enter {limit} or later.',
    TOO_LATE: 'Enter {limit} or earlier.',
    UNKNOWN_CHOICE: 'Choose one of the options.',
    TOO_FEW_SELECTED: 'Choose at least {limit}.',
    TOO_MANY_SELECTED: 'Choose at most {limit}.',
    TOO_MANY_FILES: 'Attach at most {limit} files.',
    FILE_TYPE_NOT_ACCEPTED: '{limit} is not an accepted file type.',
    ADDRESS_INCOMPLETE: 'Fill in: {fields}.',
    COUNTRY_NOT_ALLOWED: 'Choose one of the listed countries.',
    INVALID_DATE_TIME: 'Enter a valid date and time.',
    INVALID_TIME: 'Enter a valid time.',
    ROWS_UNANSWERED: 'Answer every row.',
    TOO_FEW_RANKED: 'Rank {limit} items.',
    OTHER_EMPTY: 'Type your answer for “Other”.',
  },
};

/** Each address part's name among the labels. */
export const ADDRESS_PART_LABEL = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'addressCity',
  state: 'addressState',
  postalCode: 'addressPostalCode',
  country: 'addressCountry',
} as const satisfies Record<AddressField, keyof Labels>;

/**
 * English, then each layer over it, string by string: the document's table for the shown
 * language, then the host's `labels` option (which always wins).
 */
export function mergeLabels(...layers: (LabelOverrides | undefined)[]): Labels {
  // The words of the types loaded on demand join in their chunk (`useMoreWords`).
  let labels = DEFAULT_LABELS as Labels;
  for (const layer of layers) {
    labels = {
      ...labels,
      ...layer,
      errors: { ...labels.errors, ...layer?.errors },
      fileKinds: { ...labels.fileKinds, ...layer?.fileKinds },
      addressPartMissing: { ...labels.addressPartMissing, ...layer?.addressPartMissing },
    };
  }
  return labels;
}

/**
 * Fills `{name}` placeholders; unknown ones stay as written. Numbers, dates written `YYYY-MM-DD`
 * (a date question's limits), date-times `YYYY-MM-DDTHH:mm±hh:mm` (in the respondent's time zone)
 * and times `HH:mm` are written the way `locale` writes them.
 */
export function format(template: string, values: Record<string, string | number>, locale?: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined || !locale) return value === undefined ? whole : String(value);
    if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
    const date = /^\d{4}-\d\d-\d\d(T\d\d:\d\d[+-]\d\d:\d\d)?$/.exec(value);
    if (date) {
      const style = date[1] ? { timeStyle: 'short' as const } : { timeZone: 'UTC' };
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...style }).format(new Date(value));
    }
    return /^\d\d:\d\d$/.test(value)
      ? new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(
          new Date(`1970-01-01T${value}Z`),
        )
      : value;
  });
}
