import type { Definition } from '@forms-engine/schema';
import { csvCell } from './csv-format.ts';

/**
 * The CSV's ending and hidden-field columns (issue 23), after the response's own columns and
 * before the answers: where the response came from and how it ended describe the response, as
 * status and language do. See docs/csv-export.md.
 */

export interface HiddenColumn {
  key: string;
  label?: string | undefined;
}

/** One column per hidden key across all versions: the newest version's order (and label) first. */
export function hiddenColumns(definitionsNewestFirst: Definition[]): HiddenColumn[] {
  const columns = new Map<string, HiddenColumn>();
  for (const definition of definitionsNewestFirst) {
    for (const field of definition.hiddenFields ?? []) {
      if (!columns.has(field.key)) columns.set(field.key, { key: field.key, label: field.label });
    }
  }
  return [...columns.values()];
}

export const ENDING_HEADER = { code: 'ending', prompt: 'Ending' } as const;

/**
 * Headers: `hidden.<key>` by code; by prompt, the label (the key when it has none), with
 * `[hidden.<key>]` after a label another column also has (ignoring case; `taken` are the others).
 */
export function hiddenHeaders(columns: HiddenColumn[], header: 'code' | 'prompt', taken: string[]): string[] {
  if (header === 'code') return columns.map((column) => `hidden.${column.key}`);
  const labels = columns.map((column) => column.label?.replace(/\s+/g, ' ').trim() || column.key);
  const seen = new Map<string, number>();
  for (const label of [...taken, ...labels]) seen.set(label.toLowerCase(), (seen.get(label.toLowerCase()) ?? 0) + 1);
  return labels.map((label, index) =>
    (seen.get(label.toLowerCase()) ?? 0) > 1 ? `${label} [hidden.${(columns[index] as HiddenColumn).key}]` : label,
  );
}

/** The hidden values of one response as cells, in the columns' order. */
export function hiddenCells(columns: HiddenColumn[], hidden: Record<string, string>): string {
  let cells = '';
  for (const column of columns) {
    const value = hidden[column.key];
    cells += `,${value === undefined ? '' : csvCell(value)}`;
  }
  return cells;
}

/**
 * How the ending cell is written for a response of each version: its id by code; by prompt, its
 * title in the words of that version (already localized), the id when it has no title or the
 * version does not know it.
 */
export function endingWriter(
  versions: { versionNumber: number; definition: Definition }[],
  header: 'code' | 'prompt',
): (versionNumber: number, endingId: string | null) => string {
  if (header === 'code') return (_version, endingId) => (endingId === null ? '' : csvCell(endingId));
  const titles = new Map(
    versions.map(({ versionNumber, definition }) => [
      versionNumber,
      new Map((definition.endings ?? []).map((ending) => [ending.id, ending.title])),
    ]),
  );
  return (versionNumber, endingId) =>
    endingId === null ? '' : csvCell(titles.get(versionNumber)?.get(endingId) || endingId);
}
