import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';

describe('parseQuery', () => {
  it('treats a lone name as the place, with no street', () => {
    expect(parseQuery('Springfield')).toEqual({ line1: '', place: 'Springfield', postalCode: '', hints: [] });
    expect(parseQuery('St Louis')).toEqual({ line1: '', place: 'St Louis', postalCode: '', hints: [] });
  });

  it('carries the street part into line1 and looks up the part after it', () => {
    expect(parseQuery('12 Main Street, Springfield')).toEqual({
      line1: '12 Main Street',
      place: 'Springfield',
      postalCode: '',
      hints: [],
    });
    expect(parseQuery('Rue de Rivoli, Paris')).toMatchObject({ line1: 'Rue de Rivoli', place: 'Paris' });
    expect(parseQuery('Hauptstraße 5, Berlin')).toMatchObject({ line1: 'Hauptstraße 5', place: 'Berlin' });
    expect(parseQuery('Apt 4, 221B Baker St, London')).toMatchObject({
      line1: 'Apt 4, 221B Baker St',
      place: 'London',
    });
  });

  it('takes state and country parts as hints and postal codes off them', () => {
    expect(parseQuery('12 Main St, Springfield, IL 62701')).toEqual({
      line1: '12 Main St',
      place: 'Springfield',
      postalCode: '62701',
      hints: ['il'],
    });
    expect(parseQuery('Paris, Texas, USA')).toMatchObject({ place: 'Paris', hints: ['texas', 'usa'] });
  });

  it('takes a postal code off the place part', () => {
    expect(parseQuery('75001 Paris')).toMatchObject({ line1: '', place: 'Paris', postalCode: '75001' });
    expect(parseQuery('Springfield 62701')).toMatchObject({ place: 'Springfield', postalCode: '62701' });
    expect(parseQuery('Toronto M5V 2T6')).toMatchObject({ place: 'Toronto', postalCode: 'M5V 2T6' });
    expect(parseQuery('Toronto, ON M5V 2T6')).toMatchObject({ place: 'Toronto', postalCode: 'M5V 2T6', hints: ['on'] });
    expect(parseQuery('M5V 2T6 Toronto')).toMatchObject({ place: 'Toronto', postalCode: 'M5V 2T6' });
  });

  it('reads a lone postal code as one', () => {
    expect(parseQuery('62701')).toEqual({ line1: '', place: '', postalCode: '62701', hints: [] });
    expect(parseQuery('627')).toEqual({ line1: '', place: '', postalCode: '627', hints: [] });
  });

  it('leaves nothing to look up for a lone street', () => {
    expect(parseQuery('12 Main Street')).toEqual({ line1: '12 Main Street', place: '', postalCode: '', hints: [] });
    expect(parseQuery('12 Main')).toMatchObject({ line1: '12 Main', place: '' });
  });

  it('ignores empty parts and stray separators', () => {
    expect(parseQuery(' , Springfield ,, ')).toMatchObject({ line1: '', place: 'Springfield', hints: [] });
  });
});
