import { describe, expect, it } from 'vitest';
import { identifyContentType } from './content-type.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const ZIP = Buffer.from('504b0304140000000000', 'hex');
const type = async (head: Uint8Array, claimed?: string) => (await identifyContentType(head, claimed)).contentType;

describe('identifyContentType', () => {
  it('trusts the bytes over the label, and counts a signature as identification', async () => {
    expect(await identifyContentType(PNG, 'text/plain')).toEqual({ contentType: 'image/png', identified: true });
    expect(await type(PDF, 'image/png')).toBe('application/pdf');
    expect(await type(PNG, undefined)).toBe('image/png');
  });

  it('falls back to a sane client type only for formats detection does not know', async () => {
    const text = Buffer.from('plain words');
    expect(await type(text, 'text/plain; charset=utf-8')).toBe('text/plain');
    expect(await type(text, 'Text/CSV')).toBe('text/csv');
    expect(await type(text, 'image/png')).toBe('application/octet-stream');
    expect(await type(text, 'text/html"><script>')).toBe('application/octet-stream');
    expect(await type(text, 'nonsense')).toBe('application/octet-stream');
    expect(await type(text, undefined)).toBe('application/octet-stream');
    expect(await type(new Uint8Array(0), 'text/plain')).toBe('text/plain');
  });

  it('identifies text only as text: an HTML page labelled as an unknown image type is kept but not identified', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await identifyContentType(html, 'image/x-foo')).toEqual({ contentType: 'image/x-foo', identified: false });
    expect(await identifyContentType(html, 'text/html')).toEqual({ contentType: 'text/html', identified: true });
    const csv = Buffer.from('a,b\n"é",2\n');
    expect(await identifyContentType(csv, 'text/csv')).toEqual({ contentType: 'text/csv', identified: true });
    expect((await identifyContentType(Buffer.from('{"a":1}'), 'application/json')).identified).toBe(true);
    expect((await identifyContentType(Buffer.from('<svg/>'), 'image/svg+xml')).identified).toBe(false);
    const binary = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x41]);
    expect(await identifyContentType(binary, 'text/plain')).toEqual({ contentType: 'text/plain', identified: false });
    expect((await identifyContentType(Buffer.from([0xc3, 0x28]), 'text/plain')).identified).toBe(false);
  });

  it('lets a client name the specific kind of a generic container, with an application type', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(await identifyContentType(ZIP, docx)).toEqual({ contentType: docx, identified: true });
    expect(await type(ZIP, 'image/png')).toBe('application/zip');
    expect(await type(ZIP, undefined)).toBe('application/zip');
  });
});
