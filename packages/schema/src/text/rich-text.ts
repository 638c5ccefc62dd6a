/**
 * The small Markdown subset that prompts, consent labels and statement bodies accept:
 * `[text](https://…)` and `[text](mailto:…)` links, `**bold**`, `*italics*` (or `_italics_` between
 * words), line breaks, and `\` to escape any of `\ * _ [ ] ( )`. Anything else is text.
 *
 * Hand-written rather than a Markdown library because we want far less than Markdown: no HTML,
 * no block syntax, and a parse that produces nodes (never an HTML string), in under 2 KB of the
 * embed's bundle. Renderers map the nodes to elements; plain-text uses call `plainText`.
 */

export type RichNode =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'strong'; children: RichNode[] }
  | { type: 'em'; children: RichNode[] }
  | { type: 'link'; href: string; children: RichNode[] };

const ESCAPABLE = '\\*_[]()';
const SAFE_LINK = /^(https:\/\/[^\s]+|mailto:[^\s]+)$/i;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The nodes of `text`; unsafe or unclosed syntax stays as literal text. */
export function parseRichText(text: string): RichNode[] {
  return parseInline(text, true);
}

/** The text a reader sees, without markup: for CSV headers, summaries, outlines and accessible names. */
export function plainText(text: string): string {
  return nodesToText(parseRichText(text));
}

/** True when `text` uses any of the subset's markup (a renderer may then skip the parse). */
export function hasRichText(text: string): boolean {
  return /[\\*_[\n]/.test(text);
}

function nodesToText(nodes: RichNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'break') return '\n';
      return nodesToText(node.children);
    })
    .join('');
}

function parseInline(text: string, allowLinks: boolean): RichNode[] {
  const nodes: RichNode[] = [];
  let literal = '';
  const flush = () => {
    if (literal) nodes.push({ type: 'text', text: literal });
    literal = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === '\\' && next !== undefined && ESCAPABLE.includes(next)) {
      literal += next;
      i += 2;
      continue;
    }
    if (char === '\r' && next === '\n') {
      i += 1;
      continue;
    }
    if (char === '\n' || char === '\r') {
      flush();
      nodes.push({ type: 'break' });
      i += 1;
      continue;
    }
    if (char === '[' && allowLinks) {
      const link = readLink(text, i);
      if (link) {
        flush();
        nodes.push({ type: 'link', href: link.href, children: parseInline(link.label, false) });
        i = link.end;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const emphasis = readEmphasis(text, i);
      if (emphasis) {
        flush();
        nodes.push({ type: emphasis.type, children: parseInline(emphasis.inner, allowLinks) });
        i = emphasis.end;
        continue;
      }
    }
    literal += char;
    i += 1;
  }
  flush();
  return nodes;
}

/** Index of the next unescaped `char` at or after `from`, or -1. */
function findUnescaped(text: string, char: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === char) return i;
  }
  return -1;
}

function readLink(text: string, start: number): { label: string; href: string; end: number } | undefined {
  const labelEnd = findUnescaped(text, ']', start + 1);
  if (labelEnd <= start + 1 || text[labelEnd + 1] !== '(') return undefined;
  const label = text.slice(start + 1, labelEnd);
  if (label.includes('\n')) return undefined;
  // The address may hold one level of balanced parentheses (https://en.wikipedia.org/wiki/A_(b)).
  let depth = 0;
  for (let i = labelEnd + 2; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')' && depth > 0) depth -= 1;
    else if (char === ')') {
      const href = text.slice(labelEnd + 2, i).trim();
      return SAFE_LINK.test(href) ? { label, href, end: i + 1 } : undefined;
    } else if (char === '\n') return undefined;
  }
  return undefined;
}

function readEmphasis(text: string, start: number): { type: 'strong' | 'em'; inner: string; end: number } | undefined {
  const char = text[start] as '*' | '_';
  const strong = text[start + 1] === char;
  const delimiter = strong ? char + char : char;
  const innerStart = start + delimiter.length;
  const first = text[innerStart];
  // An opening delimiter is followed by text, and `_` only opens at the start of a word.
  if (first === undefined || /\s/.test(first) || first === char) return undefined;
  if (char === '_' && WORD_CHAR.test(text[start - 1] ?? '')) return undefined;
  for (let i = innerStart + 1; i < text.length; i++) {
    const current = text[i];
    if (current === '\\') {
      i += 1;
      continue;
    }
    if (current === '\n' && text[i + 1] === '\n') return undefined;
    if (current !== char) continue;
    const run = runLength(text, i, char);
    const closes =
      !/\s/.test(text[i - 1] ?? ' ') &&
      (strong ? run >= 2 : run === 1) &&
      !(char === '_' && WORD_CHAR.test(text[i + delimiter.length] ?? ''));
    if (closes) {
      return { type: strong ? 'strong' : 'em', inner: text.slice(innerStart, i), end: i + delimiter.length };
    }
    i += run - 1;
  }
  return undefined;
}

function runLength(text: string, from: number, char: string): number {
  let end = from;
  while (text[end] === char) end += 1;
  return end - from;
}
