import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../http/content-disposition.ts';
import { detectContentType, MAX_FILE_NAME_LENGTH, sanitizeFileName } from './files.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const ZIP = Buffer.from('504b0304140000000000', 'hex');

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

describe('detectContentType', () => {
  it('trusts the bytes over the label', async () => {
    expect(await detectContentType(PNG, 'text/plain')).toBe('image/png');
    expect(await detectContentType(PDF, 'image/png')).toBe('application/pdf');
    expect(await detectContentType(PNG, undefined)).toBe('image/png');
  });

  it('falls back to a sane client type only for formats detection does not know', async () => {
    const text = Buffer.from('plain words');
    expect(await detectContentType(text, 'text/plain; charset=utf-8')).toBe('text/plain');
    expect(await detectContentType(text, 'Text/CSV')).toBe('text/csv');
    expect(await detectContentType(text, 'image/png')).toBe('application/octet-stream');
    expect(await detectContentType(text, 'text/html"><script>')).toBe('application/octet-stream');
    expect(await detectContentType(text, 'nonsense')).toBe('application/octet-stream');
    expect(await detectContentType(text, undefined)).toBe('application/octet-stream');
    expect(await detectContentType(new Uint8Array(0), 'text/plain')).toBe('text/plain');
  });

  it('lets a client name the specific kind of a generic container, with an application type', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(await detectContentType(ZIP, docx)).toBe(docx);
    expect(await detectContentType(ZIP, 'image/png')).toBe('application/zip');
    expect(await detectContentType(ZIP, undefined)).toBe('application/zip');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Résumé 😀.pdf')).toBe(
      `attachment; filename="Resume _.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%F0%9F%98%80.pdf`,
    );
    expect(attachmentDisposition(`a"b\\c%d'e(f)*`)).toBe(
      `attachment; filename="a_b_c_d'e(f)*"; filename*=UTF-8''a%22b%5Cc%25d%27e%28f%29%2A`,
    );
    expect(attachmentDisposition('日本語')).toBe(
      `attachment; filename="___"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E`,
    );
  });
});
