import { describe, expect, it } from 'vitest';
import { shuffledOrder } from './shuffle';

const items = ['a', 'b', 'c', 'd', 'e', 'f', 'none'];

describe('shuffledOrder', () => {
  it('keeps the written order for NONE and when no mode is set', () => {
    expect(shuffledOrder(items, 'NONE', 'r1:q')).toEqual(items);
    expect(shuffledOrder(items, undefined, 'r1:q')).toEqual(items);
  });

  it('gives one respondent the same order every time, and others other orders', () => {
    const first = shuffledOrder(items, 'ALL', 'r1:q');
    expect(shuffledOrder(items, 'ALL', 'r1:q')).toEqual(first);
    expect([...first].sort()).toEqual([...items].sort());
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffledOrder(items, 'ALL', `r${i}:q`).join()));
    expect(orders.size).toBeGreaterThan(15);
  });

  it('keeps the last item last with ALL_BUT_LAST', () => {
    for (let i = 0; i < 50; i++) {
      const order = shuffledOrder(items, 'ALL_BUT_LAST', `r${i}:q`);
      expect(order.at(-1)).toBe('none');
      expect([...order].sort()).toEqual([...items].sort());
    }
  });

  it('spreads every item over every place', () => {
    const firsts = new Set(Array.from({ length: 200 }, (_, i) => shuffledOrder(items, 'ALL', `seed-${i}`)[0]));
    expect(firsts.size).toBe(items.length);
  });
});
