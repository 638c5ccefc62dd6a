import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from './uploads.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\cv.docx', 'cv.docx'],
    ['a\u0000b\u0007c\u001bd\u007f.txt', 'abcd.txt'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['zero\u200Bwidth', 'zerowidth'],
    ['  many   \t spaces\n.txt  ', 'many spaces .txt'],
    ['', 'file'],
    [undefined, 'file'],
    ['..', 'file'],
    ['/', 'file'],
    ['.profile', '.profile'],
    ['Cafe\u0301.txt', 'Café.txt'],
    ['lone\uD800surrogate', 'lonesurrogate'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('caps the length, keeping the extension, and never splits a surrogate pair', () => {
    const long = sanitizeFileName(`${'x'.repeat(300)}.tar.gz`);
    expect(long).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('x.gz')).toBe(true);
    const emoji = sanitizeFileName('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji).toBe('😀'.repeat(MAX_FILE_NAME_LENGTH));
  });
});
