import { describe, expect, it } from 'vitest';
import {
  durationWords,
  numberWords,
  percentWords,
  rankWords,
  rateWords,
  scoreWords,
  timesWords,
} from './summary-words.ts';

describe('the summary in words', () => {
  it.each([
    [0.2, 'less than 1 s'],
    [45, '45 s'],
    [60, '1 min'],
    [95, '1 min 35 s'],
    [95.6, '1 min 36 s'],
    [3_600, '1 h'],
    [3_601, '1 h'],
    [7_500, '2 h 5 min'],
    [86_400, '1 day'],
    [3 * 86_400 + 4 * 3_600 + 59, '3 days 4 h'],
  ])('reads a duration of %s seconds as "%s"', (seconds, words) => {
    expect(durationWords(seconds)).toBe(words);
  });

  it('reads shares as whole percentages, a tiny one as less than 1%', () => {
    expect([percentWords(70, 110), percentWords(0, 10), percentWords(1, 1000), percentWords(3, 0)]).toEqual([
      '64%',
      '0%',
      'less than 1%',
      '0%',
    ]);
  });

  it('reads a rate with one decimal when it is not whole, and counts with thousands grouped', () => {
    expect([rateWords(0.75), rateWords(2 / 3), rateWords(0), rateWords(1)]).toEqual(['75%', '66.7%', '0%', '100%']);
    expect([numberWords(1_204), numberWords(4.125), numberWords(12.5)]).toEqual(['1,204', '4.13', '12.5']);
  });

  it('reads an average rank with one decimal, a Net Promoter Score with its sign, and how often', () => {
    expect([rankWords(1.4166), rankWords(2), rankWords(2.25)]).toEqual(['1.4', '2', '2.3']);
    expect([scoreWords(32), scoreWords(0), scoreWords(-12.5), scoreWords(100)]).toEqual(['+32', '0', '-12.5', '+100']);
    expect([timesWords(0), timesWords(1), timesWords(2), timesWords(1_080)]).toEqual([
      '0 times',
      'once',
      'twice',
      '1,080 times',
    ]);
  });
});
