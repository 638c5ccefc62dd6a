import { describe, expect, it } from 'vitest';
import { type Place, PlaceIndex, type PlaceRecord, type Region } from './place-index.ts';

const region = (display: string, code: string, name: string): Region => ({ display, code, name });
const IL = region('IL', 'il', 'illinois');
const MO = region('MO', 'mo', 'missouri');
const TX = region('TX', 'tx', 'texas');
const IDF = region('Île-de-France', '11', 'ile de france');

const record = (name: string, country: string, reg: Region, population: number, ascii = name): PlaceRecord => ({
  place: { name, country, region: reg, population },
  names: [name, ascii],
});

const index = new PlaceIndex([
  record('Springfield', 'US', MO, 169_000),
  record('Springfield', 'US', IL, 116_000),
  record('Springfield Gardens', 'US', MO, 900_000),
  record('Paris', 'FR', IDF, 2_100_000),
  record('Paris', 'US', TX, 25_000),
  record('Parisot', 'FR', IDF, 500),
  record('New York City', 'US', region('NY', 'ny', 'new york'), 8_000_000),
  record('Yorkshire', 'GB', region('England', 'eng', 'england'), 100),
  record('Zürich', 'CH', region('Zurich', '25', 'zurich'), 400_000, 'Zurich'),
]);
const names = (places: Place[]) => places.map((place) => `${place.name}/${place.country}/${place.region.display}`);

describe('PlaceIndex', () => {
  it('ranks exact names before prefixes, whatever the population', () => {
    expect(names(index.search({ text: 'springfield', limit: 5 }))).toEqual([
      'Springfield/US/MO',
      'Springfield/US/IL',
      'Springfield Gardens/US/MO',
    ]);
  });

  it('ranks prefixes by population', () => {
    expect(names(index.search({ text: 'par', limit: 5 }))).toEqual([
      'Paris/FR/Île-de-France',
      'Paris/US/TX',
      'Parisot/FR/Île-de-France',
    ]);
  });

  it('finds later words after whole-name matches', () => {
    expect(names(index.search({ text: 'york', limit: 5 }))).toEqual(['Yorkshire/GB/England', 'New York City/US/NY']);
  });

  it('filters by country', () => {
    expect(names(index.search({ text: 'paris', country: 'US', limit: 5 }))).toEqual(['Paris/US/TX']);
    expect(index.search({ text: 'paris', country: 'DE', limit: 5 })).toEqual([]);
  });

  it('lifts places matching state or country hints within a match class', () => {
    expect(names(index.search({ text: 'springfield', hints: ['il'], limit: 1 }))).toEqual(['Springfield/US/IL']);
    expect(names(index.search({ text: 'paris', hints: ['texas'], limit: 1 }))).toEqual(['Paris/US/TX']);
    expect(names(index.search({ text: 'paris', hints: ['united states'], limit: 1 }))).toEqual(['Paris/US/TX']);
    expect(names(index.search({ text: 'paris', hints: ['fr'], limit: 1 }))).toEqual(['Paris/FR/Île-de-France']);
  });

  it('lists a place once even when several of its names match', () => {
    expect(names(index.search({ text: 'zurich', limit: 5 }))).toEqual(['Zürich/CH/Zurich']);
  });

  it('returns a place as it was added, though it is kept as columns', () => {
    const [paris] = index.search({ text: 'paris', country: 'US', limit: 1 });
    expect(paris).toEqual({ name: 'Paris', country: 'US', region: TX, population: 25_000 });
    expect(paris?.region).toBe(TX); // the shared Region, not a copy
    expect(index.placeCount).toBe(9);
  });

  it('respects the limit and returns nothing for empty text', () => {
    expect(index.search({ text: 'p', limit: 2 })).toHaveLength(2);
    expect(index.search({ text: '', limit: 5 })).toEqual([]);
    expect(index.search({ text: 'qqq', limit: 5 })).toEqual([]);
  });
});

describe('PlaceIndex.build', () => {
  it('builds the same index in slices, pausing between them', async () => {
    const records = [
      record('Springfield', 'US', MO, 169_000),
      record('Paris', 'FR', IDF, 2_100_000),
      record('New York City', 'US', region('NY', 'ny', 'new york'), 8_000_000),
    ];
    let pauses = 0;
    const built = await PlaceIndex.build(records, async () => void pauses++, 1);
    expect(pauses).toBe(records.length + 1);
    const direct = new PlaceIndex(records);
    for (const text of ['spring', 'paris', 'york', 'new']) {
      expect(names(built.search({ text, limit: 5 }))).toEqual(names(direct.search({ text, limit: 5 })));
    }
    expect(built.keyCount).toBe(direct.keyCount);
  });
});
