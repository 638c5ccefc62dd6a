import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';

describe('normalize', () => {
  it('strips accents and lower-cases', () => {
    expect(normalize('Sant Julià de Lòria')).toBe('sant julia de loria');
    expect(normalize('ZÜRICH')).toBe('zurich');
    expect(normalize('São Paulo')).toBe('sao paulo');
  });

  it('folds letters NFD leaves alone', () => {
    expect(normalize('Großenhain')).toBe('grossenhain');
    expect(normalize('Łódź')).toBe('lodz');
    expect(normalize('Ærøskøbing')).toBe('aeroskobing');
  });

  it('turns punctuation into single spaces', () => {
    expect(normalize('  Saint-Étienne-du-Rouvray ')).toBe('saint etienne du rouvray');
    expect(normalize("L'Aquila")).toBe('l aquila');
    expect(normalize('St.  Louis')).toBe('st louis');
  });

  it('keeps non-Latin letters and digits', () => {
    expect(normalize('東京')).toBe('東京');
    expect(normalize('62701')).toBe('62701');
  });
});
