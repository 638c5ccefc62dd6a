import { describe, expect, it } from 'vitest';
import { availabilityStatus, closedReasonOf, Quotas, quotaIssues, scheduleProblem } from './availability';
import { Definition } from './definition';

const at = (iso: string) => Date.parse(iso);
const unlimited = { opensAt: null, closesAt: null, maxCompletedResponses: null };

describe('availabilityStatus', () => {
  const week = { opensAt: '2026-12-01T08:00:00Z', closesAt: '2026-12-05T18:00:00Z', maxCompletedResponses: 200 };

  it('is SCHEDULED before opensAt, CLOSED after closesAt, FULL at the limit, else OPEN', () => {
    expect(availabilityStatus(week, 0, at('2026-11-30T12:00:00Z'))).toBe('SCHEDULED');
    expect(availabilityStatus(week, 0, at('2026-12-06T00:00:00Z'))).toBe('CLOSED');
    expect(availabilityStatus(week, 200, at('2026-12-02T00:00:00Z'))).toBe('FULL');
    expect(availabilityStatus(week, 199, at('2026-12-02T00:00:00Z'))).toBe('OPEN');
  });

  it('puts the schedule before the limit', () => {
    expect(availabilityStatus(week, 500, at('2026-11-30T12:00:00Z'))).toBe('SCHEDULED');
    expect(availabilityStatus(week, 500, at('2026-12-06T00:00:00Z'))).toBe('CLOSED');
  });

  it('is open exactly at opensAt and at closesAt', () => {
    expect(availabilityStatus(week, 0, at(week.opensAt))).toBe('OPEN');
    expect(availabilityStatus(week, 0, at(week.closesAt))).toBe('OPEN');
  });

  it('is full at a limit of 0, and never full when the count is not known', () => {
    expect(availabilityStatus({ ...unlimited, maxCompletedResponses: 0 }, 0, Date.now())).toBe('FULL');
    expect(availabilityStatus({ ...unlimited, maxCompletedResponses: 0 }, undefined, Date.now())).toBe('OPEN');
    expect(availabilityStatus(unlimited, 1_000_000, Date.now())).toBe('OPEN');
  });
});

describe('closedReasonOf and scheduleProblem', () => {
  it('names a scheduled questionnaire NOT_YET_OPEN', () => {
    expect(closedReasonOf('SCHEDULED')).toBe('NOT_YET_OPEN');
    expect(closedReasonOf('CLOSED')).toBe('CLOSED');
    expect(closedReasonOf('FULL')).toBe('FULL');
  });

  it('refuses a close before the opening, in words', () => {
    expect(scheduleProblem({ opensAt: '2026-12-05T00:00:00Z', closesAt: '2026-12-01T00:00:00Z' })).toMatch(/before/);
    expect(scheduleProblem({ opensAt: '2026-12-01T00:00:00Z', closesAt: '2026-12-01T00:00:00Z' })).toBeUndefined();
    expect(scheduleProblem({ opensAt: null, closesAt: '2026-12-01T00:00:00Z' })).toBeUndefined();
  });
});

describe('quotas', () => {
  const definition = Definition.parse({
    schemaVersion: 1,
    questions: [{ id: 'a', code: 'q_country', type: 'SHORT_TEXT' }],
    hiddenFields: [{ key: 'utm_source' }],
    endings: [{ id: 'e_full', title: 'Full' }],
  });
  const quota = (rule: object, extra: object = {}) => ({ id: 'de', name: 'Germany', limit: 5, rule, ...extra });

  it('refuses two quotas with one id', () => {
    const rule = { conditions: [{ source: 'ANSWER', questionCode: 'q_country', operator: 'EQUALS', value: 'DE' }] };
    expect(Quotas.safeParse([quota(rule), quota(rule)]).success).toBe(false);
    expect(Quotas.safeParse([quota(rule)]).success).toBe(true);
  });

  it('accepts what the definition has, and names in words what it lacks', () => {
    const good = Quotas.parse([
      quota(
        {
          conditions: [
            { source: 'ANSWER', questionCode: 'q_country', operator: 'EQUALS', value: 'DE' },
            { source: 'HIDDEN_FIELD', key: 'utm_source', operator: 'EQUALS', value: 'ad' },
          ],
        },
        { endingId: 'e_full' },
      ),
    ]);
    expect(quotaIssues(good, definition)).toEqual([]);

    const bad = Quotas.parse([
      quota(
        {
          conditions: [
            { source: 'ANSWER', questionCode: 'q_gone', operator: 'IS_EMPTY' },
            { source: 'HIDDEN_FIELD', key: 'campaign', operator: 'IS_EMPTY' },
          ],
        },
        { endingId: 'e_none' },
      ),
    ]);
    const issues = quotaIssues(bad, definition);
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      '0.rule.conditions.0.questionCode',
      '0.rule.conditions.1.key',
      '0.endingId',
    ]);
    for (const issue of issues) expect(issue.message).toMatch(/^The quota “Germany” /);
  });
});
