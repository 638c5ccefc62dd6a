import { AUDIT_ACTIONS, type AuditEntry } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, auditSentence } from './audit-words.ts';

const entry = (extra: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  at: '2026-11-27T14:02:00.000Z',
  actor: { type: 'member', id: 'm-ana', name: 'Ana' },
  action: 'questionnaire.publish',
  target: { type: 'questionnaire', id: 'q1', name: 'Volunteer application' },
  ip: '203.0.113.5',
  requestId: 'r1',
  details: {},
  ...extra,
});

describe('audit entries in words', () => {
  it('writes the issue’s line', () => {
    expect(auditSentence(entry({ details: { versionNumber: 3 } }))).toBe(
      'Ana published version 3 of “Volunteer application”',
    );
  });

  it('has a name and a sentence for every action, with no codes or gaps', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(ACTION_NAMES[action]).toMatch(/^[A-Z][a-z]/);
      const sentence = auditSentence(entry({ action }));
      expect(sentence).toMatch(/^Ana [a-z]/);
      expect(sentence).not.toMatch(/undefined|null|_|\bauth\.|\s{2}/);
    }
  });

  it('names keys, the management token and an unknown person', () => {
    expect(
      auditSentence(
        entry({ action: 'responses.export', actor: { type: 'apiKey', id: 'k1', name: 'Nightly CSV export' } }),
      ),
    ).toBe('The API key “Nightly CSV export” downloaded the responses of “Volunteer application” as CSV');
    expect(
      auditSentence(entry({ action: 'questionnaire.delete', actor: { type: 'token', id: 'token', name: 'token' } })),
    ).toBe('The management token deleted “Volunteer application”');
    expect(
      auditSentence(
        entry({
          action: 'auth.login_failed',
          actor: null,
          target: { type: 'email', id: null, name: 'ana@example.com' },
        }),
      ),
    ).toBe('Someone failed to sign in as ana@example.com');
  });

  it('says roles in words', () => {
    const member = { type: 'member', id: 'm-cleo', name: 'Cleo' };
    expect(auditSentence(entry({ action: 'member.role_change', target: member, details: { role: 'EDITOR' } }))).toBe(
      'Ana made Cleo an editor',
    );
    expect(
      auditSentence(
        entry({
          action: 'member.invite',
          target: { type: 'invite', id: 'i1', name: 'cleo@example.com' },
          details: { role: 'ANALYST' },
        }),
      ),
    ).toBe('Ana invited cleo@example.com as an analyst');
    expect(
      auditSentence(
        entry({
          action: 'api_key.create',
          target: { type: 'apiKey', id: 'k1', name: 'CRM' },
          details: { role: 'EDITOR' },
        }),
      ),
    ).toBe('Ana created the API key “CRM” (editor)');
  });
});
