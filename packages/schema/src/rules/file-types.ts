/**
 * File types as builders think of them (extensions) and as the server checks them (content
 * types). A FILE_UPLOAD question stores content types; a builder may write `.pdf`, `pdf` or
 * `PDF`, and the definition is stored with `application/pdf` (see `canonicalFileType`).
 * Plain data, no dependencies: the embed bundles it for its `accept` attribute.
 */

export interface FileType {
  contentType: string;
  /** Extensions with their dot, the usual one first. */
  extensions: readonly string[];
  /** What a person calls it, in the editor's language (the embed shows the extension). */
  name: string;
}

const OFFICE = 'application/vnd.openxmlformats-officedocument';
const OPEN_DOCUMENT = 'application/vnd.oasis.opendocument';

/** Each known content type and its extensions, the usual one first (space-separated). */
const EXTENSIONS = new Map([
  ['application/pdf', '.pdf'],
  ['image/png', '.png'],
  ['image/jpeg', '.jpg .jpeg'],
  ['image/gif', '.gif'],
  ['image/webp', '.webp'],
  ['image/heic', '.heic'],
  ['image/tiff', '.tif .tiff'],
  ['image/svg+xml', '.svg'],
  ['text/plain', '.txt'],
  ['text/csv', '.csv'],
  ['application/json', '.json'],
  ['application/xml', '.xml'],
  ['application/rtf', '.rtf'],
  ['application/msword', '.doc'],
  [`${OFFICE}.wordprocessingml.document`, '.docx'],
  ['application/vnd.ms-excel', '.xls'],
  [`${OFFICE}.spreadsheetml.sheet`, '.xlsx'],
  ['application/vnd.ms-powerpoint', '.ppt'],
  [`${OFFICE}.presentationml.presentation`, '.pptx'],
  [`${OPEN_DOCUMENT}.text`, '.odt'],
  [`${OPEN_DOCUMENT}.spreadsheet`, '.ods'],
  [`${OPEN_DOCUMENT}.presentation`, '.odp'],
  ['application/zip', '.zip'],
  ['audio/mpeg', '.mp3'],
  ['audio/wav', '.wav'],
  ['video/mp4', '.mp4'],
  ['video/quicktime', '.mov'],
]);

/**
 * Each known type's name, by its usual extension. Only the editor shows them: the functions the
 * embed calls (`extensionsOf`, `extensionOf`, `contentTypeOfExtension`) read `EXTENSIONS` alone, so
 * its bundle leaves the names out.
 */
const NAMES: Readonly<Record<string, string>> = {
  '.pdf': 'PDF document',
  '.png': 'PNG image',
  '.jpg': 'JPEG image',
  '.gif': 'GIF image',
  '.webp': 'WebP image',
  '.heic': 'HEIC photo',
  '.tif': 'TIFF image',
  '.svg': 'SVG image',
  '.txt': 'Text file',
  '.csv': 'CSV table',
  '.json': 'JSON file',
  '.xml': 'XML file',
  '.rtf': 'Rich Text document',
  '.doc': 'Word 97–2003 document',
  '.docx': 'Word document',
  '.xls': 'Excel 97–2003 workbook',
  '.xlsx': 'Excel workbook',
  '.ppt': 'PowerPoint 97–2003 presentation',
  '.pptx': 'PowerPoint presentation',
  '.odt': 'OpenDocument text',
  '.ods': 'OpenDocument spreadsheet',
  '.odp': 'OpenDocument presentation',
  '.zip': 'ZIP archive',
  '.mp3': 'MP3 audio',
  '.wav': 'WAV audio',
  '.mp4': 'MP4 video',
  '.mov': 'QuickTime video',
};

/** Every known type with its name. Marked pure: a bundle that never reads it (the embed's) leaves it and the names out. */
export const FILE_TYPES: readonly FileType[] = /* @__PURE__ */ knownFileTypes();

function knownFileTypes(): FileType[] {
  return [...EXTENSIONS].map(([contentType, list]) => {
    const extensions = list.split(' ');
    // Every type has its name (`file-types.test.ts` checks).
    return { contentType, extensions, name: NAMES[extensions[0] as string] as string };
  });
}

/** Wildcards a builder may write, with their names. */
export const FILE_KINDS: Readonly<Record<string, string>> = {
  'image/*': 'Any image',
  'audio/*': 'Any audio',
  'video/*': 'Any video',
  'text/*': 'Any text file',
};

/** `image/png`, `image/*`: the shape of a content type or a wildcard. */
export const CONTENT_TYPE_PATTERN = /^[\w.+-]+\/([\w.+-]+|\*)$/;

/** The extensions of a known content type (any case), the usual one first; none for any other. */
export const extensionsOf = (contentType: string): readonly string[] =>
  EXTENSIONS.get(contentType.toLowerCase())?.split(' ') ?? [];

/** The usual extension of a content type (`.pdf`), if it is a known one. */
export const extensionOf = (contentType: string): string | undefined => extensionsOf(contentType)[0];

/** The content type of a known extension written any way (`.PDF`, `pdf`), or undefined. */
export function contentTypeOfExtension(entry: string): string | undefined {
  const extension = `.${entry.trim().toLowerCase().replace(/^\./, '')}`;
  for (const [contentType, extensions] of EXTENSIONS) {
    if (extensions.split(' ').includes(extension)) return contentType;
  }
  return undefined;
}

/** The known type behind a content type, if any. */
export const fileTypeOf = (contentType: string): FileType | undefined =>
  FILE_TYPES.find((type) => type.contentType === contentType.toLowerCase());

/** The known type of an extension written any way (`.PDF`, `pdf`), or undefined. */
export function fileTypeOfExtension(entry: string): FileType | undefined {
  const contentType = contentTypeOfExtension(entry);
  return contentType === undefined ? undefined : fileTypeOf(contentType);
}

/**
 * What a builder wrote as an accepted type, as the content type the server stores and checks:
 * an extension becomes its content type, a content type is lower-cased; undefined when it is
 * neither (an unknown extension, a stray word).
 */
export function canonicalFileType(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (CONTENT_TYPE_PATTERN.test(trimmed)) return trimmed.toLowerCase();
  return contentTypeOfExtension(trimmed);
}
