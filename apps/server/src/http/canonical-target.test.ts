import { describe, expect, it } from 'vitest';
import { nonCanonicalReason } from './canonical-target.ts';

describe('nonCanonicalReason', () => {
  it.each([
    '/',
    '/api/v1/questionnaires',
    '/api/v1/questionnaires/',
    '/api/v1/questionnaires?page=1&x=..%2F..',
    '/public/v1/questionnaires/AbC-_d1234/live',
    '/docs/swagger-ui.css',
    '/editor/caf%C3%A9',
    '/a/b%20c',
  ])('accepts %s', (target) => {
    expect(nonCanonicalReason(target)).toBeUndefined();
  });

  it.each([
    ['http://example.org/api/v1/questionnaires', 'absolute path'],
    ['*', 'absolute path'],
    ['/x/../api/v1/questionnaires', 'dot segment'],
    ['/./api/v1/questionnaires', 'dot segment'],
    ['/api/v1/questionnaires/..', 'dot segment'],
    ['/%2e/api/v1/questionnaires', 'needs no encoding'],
    ['/%2E%2E/api/v1/questionnaires', 'needs no encoding'],
    ['/public/v1/%2e%2e/%2e%2e/api/v1/questionnaires', 'needs no encoding'],
    ['/%61pi/v1/questionnaires', 'needs no encoding'],
    ['/api\\v1/questionnaires', 'must not appear unencoded'],
    ['/api%5cv1/questionnaires', 'encoded slash or backslash'],
    ['/api%2Fv1/questionnaires', 'encoded slash or backslash'],
    ['//api/v1/questionnaires', 'empty segment'],
    ['/api//v1/questionnaires', 'empty segment'],
    ['/api/v1/questionnaires%00', 'control character'],
    ['/api/v1/questionnaires%zz', 'malformed percent escape'],
    ['/api/v1/questionnaires%', 'malformed percent escape'],
    ['/api/v1/questionnaires/%C3', 'not valid UTF-8'],
    ['/api/v1/questionnaires/%ED%A0%80', 'not valid UTF-8'],
    ['/api/v1/questionnaires#/../x', '"#"'],
    ['/api/v1/caf\u00e9', 'must not appear unencoded'],
  ])('refuses %s', (target, reason) => {
    expect(nonCanonicalReason(target)).toContain(reason);
  });
});
