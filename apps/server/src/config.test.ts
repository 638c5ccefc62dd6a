import { describe, expect, it } from 'vitest';
import { loadConfig, startWarnings } from './config.ts';

describe('PUBLIC_URL (the address embed snippets use)', () => {
  it('is unset by default and when empty', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
  });

  it('takes an http(s) address, with a path, without its trailing slashes', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://forms.example.com' }).publicUrl).toBe('https://forms.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://forms.example.com/' }).publicUrl).toBe('https://forms.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.1.11:3000//' }).publicUrl).toBe('http://10.0.1.11:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/forms/' }).publicUrl).toBe('https://example.com/forms');
  });

  it.each([
    'forms.example.com',
    '/forms',
    'ftp://forms.example.com',
    'javascript:alert(1)',
    'https://forms.example.com/?a=1',
    'https://forms.example.com/#top',
    'https://user:secret@forms.example.com',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: Must be an http\(s\) address/);
  });
});

describe('warnings at start', () => {
  it('says that embed snippets need PUBLIC_URL when MANAGEMENT_PORT splits the ports', () => {
    const [warning, ...others] = startWarnings(loadConfig({ MANAGEMENT_PORT: '3001' }));
    expect(others).toEqual([]);
    expect(warning).toMatch(/MANAGEMENT_PORT is set but PUBLIC_URL is not/);
  });

  it('says nothing when PUBLIC_URL is set, or with one port', () => {
    expect(startWarnings(loadConfig({ MANAGEMENT_PORT: '3001', PUBLIC_URL: 'https://forms.example.com' }))).toEqual([]);
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('AUTH_MODE', () => {
  it('is open by default, and takes accounts', () => {
    expect(loadConfig({}).authMode).toBe('open');
    expect(loadConfig({ AUTH_MODE: '' }).authMode).toBe('open');
    expect(loadConfig({ AUTH_MODE: 'accounts' }).authMode).toBe('accounts');
    expect(loadConfig({ AUTH_MODE: ' Accounts ' }).authMode).toBe('accounts');
  });

  it.each(['account', 'on', 'true', 'oauth'])('refuses %s at start with a sentence naming the choices', (value) => {
    expect(() => loadConfig({ AUTH_MODE: value })).toThrow(/AUTH_MODE: Must be open .* or accounts/);
  });

  it('keeps audit entries 365 days unless told otherwise', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
