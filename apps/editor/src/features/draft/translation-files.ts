import type { Definition } from '@forms-engine/schema';
import { canonicalLanguage } from '@forms-engine/schema/rules';
import {
  languageName,
  oneLine,
  quoted,
  type TranslatableText,
  textCount,
  translatableTexts,
  translationOf,
} from '../../definition-words/index.ts';
import { defaultLanguageOf, setTranslation } from './translations.ts';

/**
 * A language's texts for a translator and back: XLIFF 2.0 (OASIS, what translation tools such
 * as Trados, memoQ, Phrase or Weblate read) and CSV (`id,field,source,target`, for a
 * spreadsheet). Both are written and read with the browser's own XML and text handling
 * (DOMParser / XMLSerializer escape and unescape; no XML is assembled from strings), so any text
 * a builder wrote survives the round trip. Importing changes only translations, one text at a
 * time through `setTranslation`, and reports in words what changed and what was skipped.
 */

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** One text as a file carries it: the element id and the field, the default text and the translation. */
export interface FileUnit {
  id: string;
  field: string;
  source: string;
  target: string;
}

export interface ParsedFile {
  /** The language the file's translations are in (XLIFF `trgLang`); CSV files do not say. */
  language?: string | undefined;
  /** The language of its source texts (XLIFF `srcLang`). */
  sourceLanguage?: string | undefined;
  units: FileUnit[];
}

/** A file that cannot be read, in a sentence. */
export class FileProblem extends Error {}

const unitsOf = (definition: Definition, language: string): FileUnit[] =>
  translatableTexts(definition).map((text) => ({
    id: text.id,
    field: text.field,
    source: text.source,
    target: translationOf(definition.translations, language, text) ?? '',
  }));

/** A unit id as XLIFF wants it (an NMTOKEN): the key, any other character as `:hex:`. */
const unitId = (key: string) => key.replace(/[^A-Za-z0-9._-]/gu, (c) => `:${c.codePointAt(0)?.toString(16)}:`);
const keyOfUnitId = (id: string) =>
  id.replace(/:([0-9a-f]+):/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

/** Characters XML 1.0 cannot hold (controls but tab and line breaks); XLIFF writes them as `<cp hex>`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to find
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function appendText(document: XMLDocument, parent: Element, text: string) {
  let at = 0;
  for (const match of text.matchAll(NOT_IN_XML)) {
    parent.append(text.slice(at, match.index));
    const cp = document.createElementNS(XLIFF_NS, 'cp');
    cp.setAttribute('hex', (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0'));
    parent.append(cp);
    at = (match.index ?? 0) + match[0].length;
  }
  parent.append(text.slice(at));
}

/** The XLIFF 2.0 document of `language`'s texts: one unit per text, its place in a note, translated ones marked. */
export function toXliff(definition: Definition, language: string): string {
  const document = new DOMParser().parseFromString(`<xliff xmlns="${XLIFF_NS}"/>`, 'application/xml');
  const root = document.documentElement;
  const element = (name: string, parent: Element, attributes: Record<string, string> = {}) => {
    const child = document.createElementNS(XLIFF_NS, name);
    for (const [key, value] of Object.entries(attributes)) child.setAttribute(key, value);
    parent.append(child);
    return child;
  };
  const indent = (parent: Element, depth: number) => parent.append(`\n${'  '.repeat(depth)}`);
  root.setAttribute('version', '2.0');
  root.setAttribute('srcLang', defaultLanguageOf(definition));
  root.setAttribute('trgLang', language);
  indent(root, 1);
  const file = element('file', root, { id: 'f1' });
  const texts = new Map(translatableTexts(definition).map((text) => [text.key, text]));
  for (const unit of unitsOf(definition, language)) {
    const key = `${unit.id}.${unit.field}`;
    indent(file, 2);
    const xliffUnit = element('unit', file, { id: unitId(key), name: key });
    indent(xliffUnit, 3);
    const notes = element('notes', xliffUnit);
    const note = element('note', notes, { category: 'location' });
    appendText(document, note, sentenceCase(texts.get(key)?.name ?? key));
    indent(xliffUnit, 3);
    const segment = element('segment', xliffUnit, unit.target ? { state: 'translated' } : {});
    indent(segment, 4);
    const source = element('source', segment);
    source.setAttributeNS(XML_NS, 'xml:space', 'preserve');
    appendText(document, source, unit.source);
    if (unit.target) {
      indent(segment, 4);
      const target = element('target', segment);
      target.setAttributeNS(XML_NS, 'xml:space', 'preserve');
      appendText(document, target, unit.target);
    }
    indent(segment, 3);
    indent(xliffUnit, 2);
  }
  indent(file, 1);
  indent(root, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(document)}\n`;
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A source or target's text, segments joined, `<cp>` back to its character, other inline markup as its text. */
function textOf(node: Element | undefined): string {
  if (!node) return '';
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === 3 || child.nodeType === 4) text += child.nodeValue ?? '';
    else if (child.nodeType === 1) {
      const element = child as Element;
      if (element.localName === 'cp') text += String.fromCodePoint(parseInt(element.getAttribute('hex') ?? '0', 16));
      else text += textOf(element);
    }
  }
  return text;
}

const childrenNamed = (parent: Element, name: string) =>
  [...parent.children].filter((child) => child.localName === name);

/** Reads an XLIFF 2.0 file; a file that is not one is a `FileProblem` in words. */
export function parseXliff(xml: string): ParsedFile {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const root = document.documentElement;
  if (!root || root.localName === 'parsererror' || document.getElementsByTagName('parsererror').length > 0)
    throw new FileProblem(
      'This file is not well-formed XML, so it cannot be read. Export it again from the translation tool.',
    );
  if (root.localName !== 'xliff') throw new FileProblem('This file is XML but not XLIFF: nothing was imported.');
  const version = root.getAttribute('version') ?? '';
  if (!version.startsWith('2.'))
    throw new FileProblem(
      `This is an XLIFF ${version || 'file of an unknown version'} file; import XLIFF 2.0 (translation tools can save it).`,
    );
  const units: FileUnit[] = [];
  for (const unit of [...root.getElementsByTagNameNS('*', 'unit')]) {
    const key = unit.getAttribute('name') || keyOfUnitId(unit.getAttribute('id') ?? '');
    const dot = key.indexOf('.');
    const parts = [...unit.children].filter(
      (child) => child.localName === 'segment' || child.localName === 'ignorable',
    );
    const source = parts.map((part) => textOf(childrenNamed(part, 'source')[0])).join('');
    const target = parts.map((part) => textOf(childrenNamed(part, 'target')[0])).join('');
    units.push({ id: dot < 0 ? key : key.slice(0, dot), field: dot < 0 ? '' : key.slice(dot + 1), source, target });
  }
  return {
    language: root.getAttribute('trgLang') ?? undefined,
    sourceLanguage: root.getAttribute('srcLang') ?? undefined,
    units,
  };
}

const CSV_COLUMNS = ['id', 'field', 'source', 'target'] as const;

const csvCell = (value: string) =>
  /[",;\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * `id,field,source,target`, one row per text, RFC 4180 (quotes doubled, line breaks kept inside
 * quotes, CRLF between rows), with a byte order mark so spreadsheets read it as UTF-8.
 */
export function toCsv(definition: Definition, language: string): string {
  const rows = [
    CSV_COLUMNS.join(','),
    ...unitsOf(definition, language).map((unit) =>
      [unit.id, unit.field, unit.source, unit.target].map(csvCell).join(','),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** RFC 4180 rows; the separator is `,` or, as spreadsheets in many languages save, `;` (read from the header). */
function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator =
    !firstLine.includes(',') && firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t') && !firstLine.includes(',')
        ? '\t'
        : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (quoted)
    throw new FileProblem(
      'This CSV file ends inside a quoted text, so it cannot be read. Save it again from the spreadsheet.',
    );
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((value) => value !== ''));
}

/** Reads a CSV file with the columns id, field, source and target (in any order). */
export function parseCsv(text: string): ParsedFile {
  const [header, ...rows] = csvRows(text);
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = Object.fromEntries(CSV_COLUMNS.map((name) => [name, columns.indexOf(name)])) as Record<
    (typeof CSV_COLUMNS)[number],
    number
  >;
  const lacking = CSV_COLUMNS.filter((name) => at[name] < 0 && name !== 'source');
  if (lacking.length > 0)
    throw new FileProblem(
      `The first line of a CSV file names its columns: id, field, source, target. This one has no ${lacking.join(', ')} column, so nothing was imported.`,
    );
  return {
    units: rows.map((cells) => ({
      id: (cells[at.id] ?? '').trim(),
      field: (cells[at.field] ?? '').trim(),
      source: at.source < 0 ? '' : (cells[at.source] ?? ''),
      target: cells[at.target] ?? '',
    })),
  };
}

/** Reads either kind, told apart by its content (XML starts with `<`). */
export function parseTranslationFile(text: string): ParsedFile {
  return /^\uFEFF?\s*</.test(text) ? parseXliff(text) : parseCsv(text);
}

/** What an import did, text by text, for its report. */
export interface ImportReport {
  language: string;
  /** Set when nothing was imported: the file is for another language. */
  wrongLanguage?: string | undefined;
  added: TranslatableText[];
  changed: TranslatableText[];
  unchanged: number;
  /** Texts the file leaves untranslated (kept as they were). */
  empty: number;
  /** Units that name no text of this draft (removed since the export, or from another questionnaire): their source texts. */
  unknown: string[];
  /** Imported, but the default text changed since the file was made: worth a look. */
  sourceChanged: TranslatableText[];
  /** Longer than the API takes: not imported. */
  tooLong: TranslatableText[];
}

/** XML reads every line break as a line feed (XML 1.0, 2.11); texts are compared the same way. */
const lineFeeds = (text: string) => text.replace(/\r\n?/g, '\n');

/** The file's translations applied to `language`; the definition unchanged when nothing applies. */
export function importTranslations(
  definition: Definition,
  language: string,
  file: ParsedFile,
): { definition: Definition; report: ImportReport } {
  const report: ImportReport = {
    language,
    added: [],
    changed: [],
    unchanged: 0,
    empty: 0,
    unknown: [],
    sourceChanged: [],
    tooLong: [],
  };
  const fileLanguage = file.language ? (canonicalLanguage(file.language) ?? file.language) : undefined;
  if (fileLanguage && fileLanguage !== language) {
    report.wrongLanguage = fileLanguage;
    return { definition, report };
  }
  const texts = new Map(translatableTexts(definition).map((text) => [text.key, text]));
  let next = definition;
  const seen = new Set<string>();
  for (const unit of file.units) {
    const text = texts.get(`${unit.id}.${unit.field}`);
    if (!text) {
      report.unknown.push(oneLine(unit.source) ? quoted(oneLine(unit.source)) : `${unit.id} ${unit.field}`.trim());
      continue;
    }
    if (seen.has(text.key)) continue;
    seen.add(text.key);
    if (!unit.target.trim()) {
      report.empty++;
      continue;
    }
    if (unit.target.length > text.maxLength) {
      report.tooLong.push(text);
      continue;
    }
    const before = translationOf(next.translations, language, text);
    if (before !== undefined && lineFeeds(before) === lineFeeds(unit.target)) {
      report.unchanged++;
      continue;
    }
    next = setTranslation(next, language, text, unit.target);
    (before === undefined ? report.added : report.changed).push(text);
    if (unit.source && lineFeeds(unit.source) !== lineFeeds(text.source)) report.sourceChanged.push(text);
  }
  return { definition: next, report };
}

const listed = (texts: readonly TranslatableText[], max = 5) => {
  const names = texts.slice(0, max).map((text) => text.name);
  return texts.length > max ? `${names.join('; ')}; and ${texts.length - max} more` : names.join('; ');
};

/** The report as sentences: what changed first, then each kind of skipped text. */
export function reportInWords(report: ImportReport, defaultLanguage: string): string[] {
  const language = languageName(report.language);
  if (report.wrongLanguage)
    return [
      `This file holds ${languageName(report.wrongLanguage)} translations, not ${language}: nothing was imported. Choose ${languageName(report.wrongLanguage)} to import it there.`,
    ];
  const lines: string[] = [];
  const imported = report.added.length + report.changed.length;
  if (imported === 0) lines.push(`Nothing changed in ${language}.`);
  else
    lines.push(
      `${language}: ${textCount(imported)} imported (${report.added.length} newly translated, ${report.changed.length} changed). Undo takes the import back.`,
    );
  if (report.unchanged > 0)
    lines.push(`${sentenceCase(textCount(report.unchanged))} already had the same translation.`);
  if (report.empty > 0)
    lines.push(
      `${sentenceCase(textCount(report.empty))} had no translation in the file and ${report.empty === 1 ? 'was' : 'were'} left as ${report.empty === 1 ? 'it was' : 'they were'}.`,
    );
  if (report.unknown.length > 0)
    lines.push(
      `Skipped ${textCount(report.unknown.length)} this questionnaire does not have (removed since the export, or from another questionnaire): ${report.unknown.slice(0, 5).join(', ')}${report.unknown.length > 5 ? `, and ${report.unknown.length - 5} more` : ''}.`,
    );
  if (report.tooLong.length > 0)
    lines.push(
      `Skipped ${textCount(report.tooLong.length)} longer than a respondent's text may be: ${listed(report.tooLong)}.`,
    );
  if (report.sourceChanged.length > 0)
    lines.push(
      `The ${languageName(defaultLanguage)} text changed since the file was made for ${listed(report.sourceChanged)}: imported; check that the translation still fits.`,
    );
  return lines;
}
