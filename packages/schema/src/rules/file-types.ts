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

export const FILE_TYPES: readonly FileType[] = [
  { contentType: 'application/pdf', extensions: ['.pdf'], name: 'PDF document' },
  { contentType: 'image/png', extensions: ['.png'], name: 'PNG image' },
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], name: 'JPEG image' },
  { contentType: 'image/gif', extensions: ['.gif'], name: 'GIF image' },
  { contentType: 'image/webp', extensions: ['.webp'], name: 'WebP image' },
  { contentType: 'image/heic', extensions: ['.heic'], name: 'HEIC photo' },
  { contentType: 'image/tiff', extensions: ['.tif', '.tiff'], name: 'TIFF image' },
  { contentType: 'image/svg+xml', extensions: ['.svg'], name: 'SVG image' },
  { contentType: 'text/plain', extensions: ['.txt'], name: 'Text file' },
  { contentType: 'text/csv', extensions: ['.csv'], name: 'CSV table' },
  { contentType: 'application/json', extensions: ['.json'], name: 'JSON file' },
  { contentType: 'application/xml', extensions: ['.xml'], name: 'XML file' },
  { contentType: 'application/rtf', extensions: ['.rtf'], name: 'Rich Text document' },
  { contentType: 'application/msword', extensions: ['.doc'], name: 'Word 97–2003 document' },
  { contentType: `${OFFICE}.wordprocessingml.document`, extensions: ['.docx'], name: 'Word document' },
  { contentType: 'application/vnd.ms-excel', extensions: ['.xls'], name: 'Excel 97–2003 workbook' },
  { contentType: `${OFFICE}.spreadsheetml.sheet`, extensions: ['.xlsx'], name: 'Excel workbook' },
  { contentType: 'application/vnd.ms-powerpoint', extensions: ['.ppt'], name: 'PowerPoint 97–2003 presentation' },
  { contentType: `${OFFICE}.presentationml.presentation`, extensions: ['.pptx'], name: 'PowerPoint presentation' },
  { contentType: 'application/vnd.oasis.opendocument.text', extensions: ['.odt'], name: 'OpenDocument text' },
  {
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['.ods'],
    name: 'OpenDocument spreadsheet',
  },
  {
    contentType: 'application/vnd.oasis.opendocument.presentation',
    extensions: ['.odp'],
    name: 'OpenDocument presentation',
  },
  { contentType: 'application/zip', extensions: ['.zip'], name: 'ZIP archive' },
  { contentType: 'audio/mpeg', extensions: ['.mp3'], name: 'MP3 audio' },
  { contentType: 'audio/wav', extensions: ['.wav'], name: 'WAV audio' },
  { contentType: 'video/mp4', extensions: ['.mp4'], name: 'MP4 video' },
  { contentType: 'video/quicktime', extensions: ['.mov'], name: 'QuickTime video' },
];

/** Wildcards a builder may write, with their names. */
export const FILE_KINDS: Readonly<Record<string, string>> = {
  'image/*': 'Any image',
  'audio/*': 'Any audio',
  'video/*': 'Any video',
  'text/*': 'Any text file',
};

const BY_EXTENSION = new Map(FILE_TYPES.flatMap((type) => type.extensions.map((ext) => [ext, type] as const)));
const BY_CONTENT_TYPE = new Map(FILE_TYPES.map((type) => [type.contentType, type] as const));

/** `image/png`, `image/*`: the shape of a content type or a wildcard. */
export const CONTENT_TYPE_PATTERN = /^[\w.+-]+\/([\w.+-]+|\*)$/;
/** `.pdf`, `pdf`, `PDF`: what might be an extension. */
const EXTENSION_PATTERN = /^\.?[a-z0-9]{1,10}$/i;

/** The known type of an extension written any way (`.PDF`, `pdf`), or undefined. */
export function fileTypeOfExtension(entry: string): FileType | undefined {
  if (!EXTENSION_PATTERN.test(entry.trim())) return undefined;
  const bare = entry.trim().toLowerCase().replace(/^\./, '');
  return BY_EXTENSION.get(`.${bare}`);
}

/**
 * What a builder wrote as an accepted type, as the content type the server stores and checks:
 * an extension becomes its content type, a content type is lower-cased; undefined when it is
 * neither (an unknown extension, a stray word).
 */
export function canonicalFileType(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (CONTENT_TYPE_PATTERN.test(trimmed)) return trimmed.toLowerCase();
  return fileTypeOfExtension(trimmed)?.contentType;
}

/** The known type behind a content type, if any. */
export const fileTypeOf = (contentType: string): FileType | undefined => BY_CONTENT_TYPE.get(contentType.toLowerCase());

/** The usual extension of a content type (`.pdf`), if it is a known one. */
export const extensionOf = (contentType: string): string | undefined => fileTypeOf(contentType)?.extensions[0];
