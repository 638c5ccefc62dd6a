import { canonicalFileType } from '@forms-engine/schema/rules';
import { fileTypeName } from '../../definition-words/index.ts';

/**
 * The type settings typed as lists: what an item must look like, in words (the list box and
 * the problems list say the same sentence), how it is written down, and how it is shown.
 */
export interface ListWords {
  refusal: (item: string) => string;
  normalize: (item: string) => string;
  hint: string;
  /** What the item is called on screen; the stored value otherwise. */
  itemName?: (item: string) => string;
}

export const LIST_WORDS: Record<string, ListWords> = {
  acceptedContentTypes: {
    refusal: (item) =>
      `“${item}” is not a file type this editor knows. Write an extension such as .pdf or .docx, or a content type such as image/png (image/* for any image).`,
    // `.pdf`, `pdf` and `PDF` are all application/pdf: stored as the content type the server checks.
    normalize: (item) => canonicalFileType(item) ?? item,
    hint: 'Leave empty to accept any file. Write extensions such as .pdf or .docx, or image/* for any image.',
    itemName: fileTypeName,
  },
  allowedCountries: {
    refusal: (item) => `“${item}” is not a country code. Use two letters, such as DE or FR.`,
    normalize: (item) => item.toUpperCase(),
    hint: 'Leave empty to allow every country. Two-letter codes such as DE, FR or GB.',
  },
};
