import { describe, expect, it } from 'vitest';
import { npsScore } from './response-summary-questions.ts';

describe('npsScore', () => {
  it('is % promoters − % detractors, rounded to one decimal', () => {
    expect(npsScore(3, 2, 2)).toBe(14.3); // 14.2857…
    expect(npsScore(1, 0, 2)).toBe(-33.3);
    expect(npsScore(2, 0, 0)).toBe(100);
    expect(npsScore(0, 0, 5)).toBe(-100);
    expect(npsScore(0, 4, 0)).toBe(0);
  });

  it('rounds halves away from zero, the same on both sides', () => {
    // 49 of 400 is 12.25 %: binary fractions would tip either way.
    expect(npsScore(49, 351, 0)).toBe(12.3);
    expect(npsScore(0, 351, 49)).toBe(-12.3);
    expect(npsScore(1, 7, 0)).toBe(12.5);
  });

  it('is null with no answers', () => {
    expect(npsScore(0, 0, 0)).toBeNull();
  });
});
