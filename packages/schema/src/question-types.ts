import { z } from 'zod';
import { canonicalFileType } from './rules/file-types';
import { instantOfDateTime, isDateTime, isTimeOfDay, minutesOfTime } from './rules/moments';
import { QUESTION_TYPE_NAMES, type QuestionTypeName, SHUFFLE_MODES } from './rules/vocabulary';

/**
 * Per-type `typeConfig` schemas and the answer shape each question type produces.
 * The server stores answers by shape and size only (spec section 1); these answer
 * schemas are for the renderer and for exports.
 */

const Placeholder = z.string().max(200);
const Label = z.string().max(200);
const IsoDate = z.iso.date().describe('YYYY-MM-DD');
const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, upper case');

function minNotAboveMax(config: { min?: number | string; max?: number | string }, ctx: z.RefinementCtx) {
  if (config.min !== undefined && config.max !== undefined && config.min > config.max) {
    ctx.addIssue({ code: 'custom', path: ['min'], message: 'min must not be greater than max' });
  }
}

export const TextConfig = z
  .strictObject({
    placeholder: Placeholder.optional(),
    minLength: z.number().int().min(0).max(10_000).optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
  })
  .superRefine((c, ctx) => minNotAboveMax({ min: c.minLength, max: c.maxLength }, ctx));

export const NumberConfig = z
  .strictObject({
    placeholder: Placeholder.optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
    unit: z.string().max(20).optional(),
  })
  .superRefine(minNotAboveMax);

export const ContactConfig = z.strictObject({ placeholder: Placeholder.optional() });

export const DateConfig = z
  .strictObject({ min: IsoDate.optional(), max: IsoDate.optional() })
  .superRefine(minNotAboveMax);

export const Choice = z.strictObject({ value: z.string().min(1).max(200), label: Label });

/** A list of labelled values (choices, rows, columns) whose values are unique. */
function labelledList(noun: string, min: number, max: number) {
  return z
    .array(Choice)
    .min(min)
    .max(max)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.value)) {
          ctx.addIssue({ code: 'custom', path: [index, 'value'], message: `Duplicate ${noun} value "${item.value}"` });
        }
        seen.add(item.value);
      });
    });
}

const choiceList = labelledList('choice', 1, 500);

export const ShuffleMode = z
  .enum(SHUFFLE_MODES)
  .describe(
    'NONE: as written; ALL: a random order per respondent; ALL_BUT_LAST: the same, the last item stays last. The order is fixed from the first view',
  )
  .meta({ id: 'ShuffleMode' });
export type ShuffleMode = z.infer<typeof ShuffleMode>;

/** "Other (please specify)" and the order shown: what the three choice types share. */
const choiceListOptions = {
  allowOther: z
    .boolean()
    .optional()
    .describe('Offer "Other (please specify)": the answer may then be { "other": "typed text" } (absent: false)'),
  otherLabel: Label.optional().describe(
    "The Other option's label (absent: the embed's word in the respondent's language)",
  ),
  shuffle: ShuffleMode.optional().describe('The order of the choices (absent: NONE)'),
};

export const ChoiceConfig = z.strictObject({
  choices: choiceList,
  placeholder: Placeholder.optional(),
  ...choiceListOptions,
});

export const MultiChoiceConfig = z
  .strictObject({
    choices: choiceList,
    minSelected: z.number().int().min(0).optional(),
    maxSelected: z.number().int().min(1).optional(),
    ...choiceListOptions,
  })
  .superRefine((c, ctx) => minNotAboveMax({ min: c.minSelected, max: c.maxSelected }, ctx));

export const MatrixConfig = z.strictObject({
  rows: labelledList('row', 1, 50).describe('The statements asked about, one answer each'),
  columns: labelledList('column', 2, 12).describe('The answers each row offers'),
  multiple: z.boolean().default(false).describe('Several columns per row (checkboxes) instead of one'),
  shuffle: ShuffleMode.default('NONE').describe('The order of the rows'),
});

export const RankingConfig = z
  .strictObject({
    choices: labelledList('choice', 2, 30),
    rankCount: z.number().int().min(1).max(30).optional().describe('Rank only the top N (absent: every choice)'),
    shuffle: ShuffleMode.default('NONE').describe('The order the choices are offered in'),
  })
  .superRefine((c, ctx) => {
    if (c.rankCount !== undefined && c.rankCount > c.choices.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rankCount'],
        message: `Cannot rank the top ${c.rankCount} of ${c.choices.length} choices`,
      });
    }
  });

export const NpsConfig = z.strictObject({
  minLabel: Label.optional().describe('Under 0 (e.g. "Not at all likely")'),
  maxLabel: Label.optional().describe('Under 10 (e.g. "Extremely likely")'),
});

const DateTimeValue = z
  .string()
  .refine(isDateTime, { message: 'A date and time with its offset, such as 2026-12-01T09:30+01:00' })
  .describe('YYYY-MM-DDTHH:mm±hh:mm');

export const DateTimeConfig = z
  .strictObject({ min: DateTimeValue.optional(), max: DateTimeValue.optional() })
  .superRefine((c, ctx) => minNotAboveMax({ min: instantOfDateTime(c.min), max: instantOfDateTime(c.max) }, ctx));

const TimeValue = z.string().refine(isTimeOfDay, { message: 'A time of day such as 09:30' }).describe('HH:mm');

export const TimeConfig = z
  .strictObject({
    min: TimeValue.optional(),
    max: TimeValue.optional(),
    stepMinutes: z.number().int().min(1).max(720).optional().describe('Minutes between allowed times, from min'),
  })
  .superRefine((c, ctx) => minNotAboveMax({ min: minutesOfTime(c.min), max: minutesOfTime(c.max) }, ctx));

export const YesNoConfig = z.strictObject({ yesLabel: Label.optional(), noLabel: Label.optional() });

export const RatingConfig = z
  .strictObject({
    min: z.number().int().min(0).max(100).default(1),
    max: z.number().int().min(1).max(100).default(5),
    step: z.number().int().positive().default(1),
    minLabel: Label.optional(),
    maxLabel: Label.optional(),
  })
  .superRefine(minNotAboveMax);

export const FileUploadConfig = z.strictObject({
  acceptedContentTypes: z
    .array(
      z
        .string()
        .max(255)
        .refine((entry) => canonicalFileType(entry) !== undefined, {
          message: 'A content type such as image/png or image/*, or a known extension such as .pdf',
        })
        // `.pdf`, `pdf` and `PDF` are stored as application/pdf: the server checks content types.
        .overwrite((entry) => canonicalFileType(entry) ?? entry),
    )
    .max(50)
    .optional()
    .describe(
      'Content types (`image/png`, `image/*`) or extensions (`.pdf`, `docx`), stored as content types; empty or absent accepts any type',
    ),
  maxFiles: z.number().int().min(1).max(100).default(1),
});

export const AddressConfig = z.strictObject({
  allowedCountries: z.array(CountryCode).max(250).optional().describe('Empty or absent allows every country'),
  suggestions: z.boolean().default(true).describe('Offer address suggestions from the geocoder'),
});

export const ConsentConfig = z.strictObject({ label: z.string().max(2000).optional() });

export const StatementConfig = z.strictObject({ body: z.string().max(10_000).optional() });

export const Address = z.strictObject({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

export const FileReference = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    contentType: z.string(),
  })
  .meta({ id: 'FileReference' });
export type FileReference = z.infer<typeof FileReference>;

/** "Other (please specify)" chosen, with the text typed. */
export const OtherAnswer = z.strictObject({ other: z.string() }).meta({ id: 'OtherAnswer' });

/** One entry per question type: its config schema and the answer it produces (null: no answer). */
export const QUESTION_TYPES = {
  SHORT_TEXT: { config: TextConfig, answer: z.string() },
  LONG_TEXT: { config: TextConfig, answer: z.string() },
  NUMBER: { config: NumberConfig, answer: z.number() },
  EMAIL: { config: ContactConfig, answer: z.string() },
  PHONE: { config: ContactConfig, answer: z.string() },
  URL: { config: ContactConfig, answer: z.string() },
  DATE: { config: DateConfig, answer: IsoDate },
  SINGLE_CHOICE: { config: ChoiceConfig, answer: z.union([z.string(), OtherAnswer]) },
  MULTI_CHOICE: { config: MultiChoiceConfig, answer: z.array(z.union([z.string(), OtherAnswer])) },
  DROPDOWN: { config: ChoiceConfig, answer: z.union([z.string(), OtherAnswer]) },
  YES_NO: { config: YesNoConfig, answer: z.boolean() },
  RATING: { config: RatingConfig, answer: z.number() },
  FILE_UPLOAD: { config: FileUploadConfig, answer: z.array(FileReference) },
  ADDRESS: { config: AddressConfig, answer: Address },
  CONSENT: { config: ConsentConfig, answer: z.boolean() },
  STATEMENT: { config: StatementConfig, answer: null },
  MATRIX: { config: MatrixConfig, answer: z.record(z.string(), z.union([z.string(), z.array(z.string())])) },
  RANKING: { config: RankingConfig, answer: z.array(z.string()) },
  NPS: { config: NpsConfig, answer: z.number().int().min(0).max(10) },
  DATE_TIME: { config: DateTimeConfig, answer: DateTimeValue },
  TIME: { config: TimeConfig, answer: TimeValue },
} as const satisfies Record<QuestionTypeName, { config: z.ZodType; answer: z.ZodType | null }>;

export type { QuestionTypeName };
export const QuestionType = z.enum(QUESTION_TYPE_NAMES);
export type QuestionType = z.infer<typeof QuestionType>;
