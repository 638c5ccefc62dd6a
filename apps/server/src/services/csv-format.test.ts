import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-format.ts';

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx', '\rx'])('neutralises formula start in %j', (value) => {
    expect(csvCell(value).replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
  });

  it('leaves numbers alone, negative ones included', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });
});
