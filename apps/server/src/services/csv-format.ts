/** RFC 4180 cell quoting plus the spreadsheet formula-injection guard. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text is guarded against formula injection; numbers cannot hold a formula and stay as they are. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export const csvLine = (cells: (string | number)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
