import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';

/** How many leading bytes content identification looks at (what `file-type` needs). */
export const SNIFF_BYTES = 4100;

/** Accepted content types of a FILE_UPLOAD question (`image/png`, `image/*`); empty accepts anything. */
export type AcceptedTypes = readonly string[];

export interface IdentifiedType {
  /** What to store and serve the bytes as. */
  contentType: string;
  /**
   * Whether the bytes positively are that type: a format recognised from its signature, or
   * text (valid UTF-8 without control characters) labelled with a textual type. Only such
   * files may answer a question that restricts its accepted types.
   */
  identified: boolean;
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Generic containers whose specific kind (docx, epub, msi...) the head bytes cannot always
 * tell; an `application/*` type from the client names it more precisely.
 */
const CONTAINERS = new Set(['application/zip', 'application/x-cfb']);

/** Types whose content is text and that text can prove: text/*, JSON and XML documents (not SVG). */
const TEXTUAL = /^(text\/[^/]+|application\/(json|xml|[^/]+\+json|[^/]+\+xml))$/;

/** Control characters other than tab, line feed, form feed and carriage return. */
const isBinaryControl = (code: number) => (code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || code === 0x7f;

const isPlainText = (head: Uint8Array): boolean => {
  // A head cut inside a multi-byte character decodes with one replacement at the end; allow it.
  const text = new TextDecoder('utf-8').decode(head).replace(/\uFFFD$/, '');
  if (text.includes('\uFFFD')) return false;
  for (let i = 0; i < text.length; i++) if (isBinaryControl(text.charCodeAt(i))) return false;
  return true;
};

/**
 * The type of uploaded bytes, from their first SNIFF_BYTES. A recognised signature wins over
 * the label; otherwise the client's type is kept when it is a plain `type/subtype` that
 * detection would not have recognised (a "PNG" without PNG bytes is not a PNG); else
 * `application/octet-stream`.
 */
export async function identifyContentType(head: Uint8Array, claimed: string | undefined): Promise<IdentifiedType> {
  const declared = claimed?.split(';')[0]?.trim().toLowerCase();
  const sane = declared && MEDIA_TYPE.test(declared) ? declared : undefined;
  const detected = head.length > 0 ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined;
  if (detected) {
    const refined = sane && CONTAINERS.has(detected.mime) && sane.startsWith('application/') ? sane : undefined;
    return { contentType: refined ?? detected.mime, identified: true };
  }
  if (sane && !supportedMimeTypes.has(sane as never)) {
    return { contentType: sane, identified: TEXTUAL.test(sane) && isPlainText(head) };
  }
  return { contentType: 'application/octet-stream', identified: false };
}
