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

  it('names keys, the deployment token and an unknown person', () => {
    expect(
      auditSentence(
        entry({ action: 'responses.export', actor: { type: 'apiKey', id: 'k1', name: 'Nightly CSV export' } }),
      ),
    ).toBe('The API key “Nightly CSV export” downloaded the responses of “Volunteer application” as CSV');
    expect(
      auditSentence(
        entry({ action: 'questionnaire.delete', actor: { type: 'token', id: 'token', name: 'MANAGEMENT_API_TOKEN' } }),
      ),
    ).toBe('The deployment token deleted “Volunteer application”');
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

  it('reads what the server records beside the target', () => {
    expect(
      auditSentence(
        entry({ action: 'webhook.create', details: { webhookId: 'w1', url: 'https://crm.example.com/hook' } }),
      ),
    ).toBe('Ana added a webhook (https://crm.example.com/hook) to “Volunteer application”');
    expect(
      auditSentence(
        entry({
          action: 'response.erase',
          target: { type: 'response', id: 'r1' },
          details: { questionnaireId: 'q1', questionnaireName: 'Volunteer application' },
        }),
      ),
    ).toBe('Ana erased a response to “Volunteer application”');
    expect(
      auditSentence(
        entry({
          action: 'questionnaire.duplicate',
          target: { type: 'questionnaire', id: 'q2', name: 'Volunteer application (copy)' },
          details: { sourceId: 'q1', sourceName: 'Volunteer application' },
        }),
      ),
    ).toBe('Ana duplicated “Volunteer application” as “Volunteer application (copy)”');
    expect(
      auditSentence(
        entry({ action: 'questionnaire.rename', details: { from: 'Volunteers', to: 'Volunteer application' } }),
      ),
    ).toBe('Ana renamed “Volunteers” to “Volunteer application”');
  });

  it('says roles in words', () => {
    const member = { type: 'member', id: 'm-cleo', name: 'Cleo' };
    expect(
      auditSentence(
        entry({ action: 'member.role_change', target: member, details: { from: 'ANALYST', to: 'EDITOR' } }),
      ),
    ).toBe('Ana made Cleo an editor (was an analyst)');
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
