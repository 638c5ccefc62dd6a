import { describe, expect, it } from 'vitest';
import { countedWhere, responseWhere, SqlParams } from './response-where.ts';

const ID = '00000000-0000-4000-8000-000000000001';

describe('responseWhere', () => {
  it('matches the recorded language exactly, as a parameter', () => {
    const where = responseWhere(ID, { language: 'de', status: 'COMPLETED' });
    expect(where.sql).toBe(
      `r.questionnaire_id = $1::uuid AND r.status = $2::"ResponseStatus" AND r.language = $3::text`,
    );
    expect(where.params.values).toEqual([ID, 'COMPLETED', 'de']);
    expect(where.shape).toBe('status,language');
  });

  it('keeps a language filter on the kept counts (browse pages stay a sum of count rows)', () => {
    const params = new SqlParams();
    expect(countedWhere(ID, { language: 'de', versionNumber: 2 }, params, 'd')).toBe(
      'd.questionnaire_id = $1::uuid AND d.version_number = $2::int AND d.language = $3::text',
    );
    expect(countedWhere(ID, { language: 'de', externalRef: 'x' }, new SqlParams(), 'd')).toBeUndefined();
  });
});

describe('hidden field and ending filters', () => {
  it('matches every hidden value at once by jsonb containment, one parameter', () => {
    const where = responseWhere(ID, { hidden: { utm_source: 'newsletter', plan: 'pro' }, endingId: 'e_ok' });
    expect(where.sql).toBe(`r.questionnaire_id = $1::uuid AND r.ending_id = $2::text AND r.hidden @> $3::jsonb`);
    expect(where.params.values).toEqual([ID, 'e_ok', '{"utm_source":"newsletter","plan":"pro"}']);
    expect(where.shape).toBe('endingId,hidden');
  });

  it('reads an empty hidden filter as no filter', () => {
    expect(responseWhere(ID, { hidden: {} }).sql).toBe('r.questionnaire_id = $1::uuid');
  });

  it('counts the rows when filtered by them (the kept counts know neither)', () => {
    expect(countedWhere(ID, { endingId: 'e_ok' }, new SqlParams(), 'd')).toBeUndefined();
    expect(countedWhere(ID, { hidden: { utm_source: 'x' } }, new SqlParams(), 'd')).toBeUndefined();
    expect(countedWhere(ID, { hidden: {} }, new SqlParams(), 'd')).toBe('d.questionnaire_id = $1::uuid');
  });
});
