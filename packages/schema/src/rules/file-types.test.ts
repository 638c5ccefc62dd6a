import { describe, expect, it } from 'vitest';
import { FileUploadConfig } from '../question-types';
import {
  canonicalFileType,
  contentTypeOfExtension,
  extensionOf,
  extensionsOf,
  FILE_TYPES,
  fileTypeOf,
  fileTypeOfExtension,
} from './file-types';

describe('accepted file types as a builder writes them', () => {
  it('reads .pdf, pdf and PDF as application/pdf, and .docx as a Word document', () => {
    for (const entry of ['.pdf', 'pdf', 'PDF', ' .PDF ']) expect(canonicalFileType(entry)).toBe('application/pdf');
    expect(canonicalFileType('.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(fileTypeOf(canonicalFileType('docx') ?? '')?.name).toBe('Word document');
    expect(extensionOf('application/pdf')).toBe('.pdf');
  });

  it('keeps content types and wildcards, lower-cased, and refuses what is neither', () => {
    expect(canonicalFileType('Image/PNG')).toBe('image/png');
    expect(canonicalFileType('image/*')).toBe('image/*');
    expect(canonicalFileType('.xyzzy')).toBeUndefined();
    expect(canonicalFileType('a pdf')).toBeUndefined();
  });

  it('stores extensions in a FILE_UPLOAD question as content types, and refuses unknown ones', () => {
    const parsed = FileUploadConfig.parse({ acceptedContentTypes: ['.pdf', 'PDF', '.docx', 'image/*'] });
    expect(parsed.acceptedContentTypes).toEqual([
      'application/pdf',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/*',
    ]);
    expect(FileUploadConfig.safeParse({ acceptedContentTypes: ['.nope'] }).success).toBe(false);
  });

  it('knows 27 types, each with its name and extensions', () => {
    expect(FILE_TYPES).toHaveLength(27);
    for (const type of FILE_TYPES) {
      expect(type.name, type.contentType).toMatch(/\w/);
      expect(type.extensions.length, type.contentType).toBeGreaterThan(0);
      expect(fileTypeOf(type.contentType)).toBe(type);
    }
    expect(fileTypeOf('IMAGE/JPEG')).toEqual({
      contentType: 'image/jpeg',
      extensions: ['.jpg', '.jpeg'],
      name: 'JPEG image',
    });
  });

  it('reads extensions and content types without the names (what the embed calls)', () => {
    expect(extensionsOf('Image/TIFF')).toEqual(['.tif', '.tiff']);
    expect(extensionsOf('image/avif')).toEqual([]);
    expect(extensionsOf('constructor')).toEqual([]);
    for (const entry of ['.JPEG', 'jpg', ' .jpg ']) expect(contentTypeOfExtension(entry)).toBe('image/jpeg');
    for (const entry of ['.jpg .jpeg', '..jpg', '.', '', 'constructor'])
      expect(contentTypeOfExtension(entry)).toBeUndefined();
    expect(fileTypeOfExtension('.TIFF')?.contentType).toBe('image/tiff');
  });
});
