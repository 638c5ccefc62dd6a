import { describe, expect, it } from 'vitest';
import { COUNTRY_CODE_LIST } from './countries';

describe('COUNTRY_CODE_LIST', () => {
  it('holds the 249 assigned codes and XK, each once, in alphabetical order', () => {
    expect(COUNTRY_CODE_LIST).toHaveLength(250);
    expect(new Set(COUNTRY_CODE_LIST).size).toBe(250);
    expect([...COUNTRY_CODE_LIST].sort()).toEqual(COUNTRY_CODE_LIST);
    for (const code of COUNTRY_CODE_LIST) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(COUNTRY_CODE_LIST.slice(0, 3)).toEqual(['AD', 'AE', 'AF']);
    expect(COUNTRY_CODE_LIST.slice(-3)).toEqual(['ZA', 'ZM', 'ZW']);
    for (const code of ['DE', 'GB', 'OM', 'QA', 'US', 'XK']) expect(COUNTRY_CODE_LIST).toContain(code);
    for (const code of ['UK', 'EU', 'XX', 'AA']) expect(COUNTRY_CODE_LIST).not.toContain(code);
  });
});
