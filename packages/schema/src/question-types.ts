import { z } from 'zod';
import { canonicalFileType } from './rules/file-types';
import { QUESTION_TYPE_NAMES, type QuestionTypeName } from './rules/vocabulary';

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

const choiceList = z
  .array(Choice)
  .min(1)
  .max(500)
  .superRefine((choices, ctx) => {
    const seen = new Set<string>();
    choices.forEach((choice, index) => {
      if (seen.has(choice.value)) {
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: `Duplicate choice value "${choice.value}"` });
      }
      seen.add(choice.value);
    });
  });

export const ChoiceConfig = z.strictObject({ choices: choiceList, placeholder: Placeholder.optional() });

export const MultiChoiceConfig = z
  .strictObject({
    choices: choiceList,
    minSelected: z.number().int().min(0).optional(),
    maxSelected: z.number().int().min(1).optional(),
  })
  .superRefine((c, ctx) => minNotAboveMax({ min: c.minSelected, max: c.maxSelected }, ctx));

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

/** One entry per question type: its config schema and the answer it produces (null: no answer). */
export const QUESTION_TYPES = {
  SHORT_TEXT: { config: TextConfig, answer: z.string() },
  LONG_TEXT: { config: TextConfig, answer: z.string() },
  NUMBER: { config: NumberConfig, answer: z.number() },
  EMAIL: { config: ContactConfig, answer: z.string() },
  PHONE: { config: ContactConfig, answer: z.string() },
  URL: { config: ContactConfig, answer: z.string() },
  DATE: { config: DateConfig, answer: IsoDate },
  SINGLE_CHOICE: { config: ChoiceConfig, answer: z.string() },
  MULTI_CHOICE: { config: MultiChoiceConfig, answer: z.array(z.string()) },
  DROPDOWN: { config: ChoiceConfig, answer: z.string() },
  YES_NO: { config: YesNoConfig, answer: z.boolean() },
  RATING: { config: RatingConfig, answer: z.number() },
  FILE_UPLOAD: { config: FileUploadConfig, answer: z.array(FileReference) },
  ADDRESS: { config: AddressConfig, answer: Address },
  CONSENT: { config: ConsentConfig, answer: z.boolean() },
  STATEMENT: { config: StatementConfig, answer: null },
} as const satisfies Record<QuestionTypeName, { config: z.ZodType; answer: z.ZodType | null }>;

export type { QuestionTypeName };
export const QuestionType = z.enum(QUESTION_TYPE_NAMES);
export type QuestionType = z.infer<typeof QuestionType>;
