import { describe, expect, it } from 'vitest';
import { AuditQuery, Email, InviteRequest, passwordProblem, roleAllows, SetupRequest } from './accounts';

describe('accounts contract', () => {
  it('orders the roles: an owner may do what an editor may, an analyst only reads', () => {
    expect(roleAllows('OWNER', 'EDITOR')).toBe(true);
    expect(roleAllows('EDITOR', 'EDITOR')).toBe(true);
    expect(roleAllows('EDITOR', 'OWNER')).toBe(false);
    expect(roleAllows('ANALYST', 'EDITOR')).toBe(false);
    expect(roleAllows('ANALYST', 'ANALYST')).toBe(true);
  });

  it('says in words why a password is refused, counting characters, not bytes', () => {
    expect(passwordProblem('short')).toBe('Use at least 12 characters');
    expect(passwordProblem('ääääääääääää')).toBeUndefined();
    expect(passwordProblem('x'.repeat(257))).toBe('Use at most 256 characters');
  });

  it('keeps email addresses in one case so one person is one account', () => {
    expect(Email.parse('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(Email.safeParse('not an address').success).toBe(false);
  });

  it('refuses a setup with a short password and an invite with an unknown role', () => {
    const setup = SetupRequest.safeParse({ code: 'c', email: 'a@b.co', name: 'Ana', password: 'short' });
    expect(setup.success).toBe(false);
    expect(InviteRequest.safeParse({ email: 'a@b.co', role: 'ADMIN' }).success).toBe(false);
  });

  it('reads the audit filters of a query string', () => {
    expect(AuditQuery.parse({ page: '1', size: '20', action: 'auth.login' })).toEqual({
      page: 1,
      size: 20,
      action: 'auth.login',
    });
    expect(AuditQuery.safeParse({ action: 'auth.everything' }).success).toBe(false);
  });
});
