import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { fromLocalInput, toLocalInput, zoneLabel } from './local-time.ts';
import { problemTarget } from './problem-targets.ts';
import { changedSettings, settingsOf } from './settings-model.ts';

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('times in the builder’s zone', () => {
  it('reads a wall-clock time in the zone and writes the instant as the API does, both ways', () => {
    expect(fromLocalInput('2026-12-01T09:00')).toBe('2026-12-01T08:00:00Z');
    expect(fromLocalInput('2026-07-01T09:00')).toBe('2026-07-01T07:00:00Z');
    expect(toLocalInput('2026-12-01T08:00:00Z')).toBe('2026-12-01T09:00');
    expect(toLocalInput('2026-12-01T08:00:30.000Z')).toBe('2026-12-01T09:00:30');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('2026-12-01')).toBeUndefined();
  });

  it('names the zone with its offset at the time chosen', () => {
    expect(zoneLabel('2026-12-01T08:00:00Z')).toBe('Europe/Berlin (UTC+01:00)');
    expect(zoneLabel('2026-07-01T08:00:00Z')).toBe('Europe/Berlin (UTC+02:00)');
    expect(zoneLabel(null, Date.parse('2026-07-01T08:00:00Z'))).toBe('Europe/Berlin (UTC+02:00)');
  });
});

describe('what a save sends', () => {
  it('only the settings that differ from what the server holds', () => {
    const held = settingsOf(questionnaireDetail());
    expect(changedSettings(held, held)).toEqual({});
    expect(changedSettings(held, { ...held, opensAt: '2026-12-01T08:00:00Z', name: held.name })).toEqual({
      opensAt: '2026-12-01T08:00:00Z',
    });
    expect(changedSettings({ ...held, maxCompletedResponses: 5 }, held)).toEqual({ maxCompletedResponses: null });
  });
});

describe('where a problem is shown', () => {
  it('maps an API path to its field and its name in words, or to nothing', () => {
    expect(problemTarget('closesAt')).toMatchObject({ label: 'Closes', id: 'settings-closes' });
    expect(problemTarget('quotas.1.rule.conditions.0.questionCode')).toMatchObject({
      label: 'Quota 2 condition 1',
      id: 'quota-1-condition-0-source',
    });
    expect(problemTarget('quotas.0.rule.conditions.2.value.1')).toMatchObject({ id: 'quota-0-condition-2-value' });
    expect(problemTarget('quotas.0.endingId')).toMatchObject({ label: 'Quota 1 ending', id: 'quota-0-ending' });
    expect(problemTarget('quotas.0.id')).toBeUndefined();
    expect(problemTarget('quotas.0.rule.conditions.0.subField')).toBeUndefined();
    expect(problemTarget('quotas.0.rule.conditions')).toMatchObject({ id: 'quota-0-combinator' });
  });
});
