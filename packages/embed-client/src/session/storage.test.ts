import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from './storage';

const body = { answers: { name: 'Ada' }, lastPosition: { stepId: 's2' } };

describe('sessionStore', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a screen for its response only, and drops it with the id', () => {
    const store = sessionStore('pub1', undefined);
    store.write('r1');
    store.writeScreen('r1', body);
    expect(store.readScreen('r1')).toEqual(body);
    expect(store.readScreen('r2')).toBeNull();
    expect(sessionStore('pub1', 'other-ref').readScreen('r1')).toBeNull();

    store.writeScreen('r1', null);
    expect(store.readScreen('r1')).toBeNull();
    store.writeScreen('r1', body);
    store.write(null);
    expect(store.read()).toBeNull();
    expect(store.readScreen('r1')).toBeNull();
  });

  it('stores the shuffle seed with the response id only, and drops it with the id', () => {
    const store = sessionStore('pub1', undefined);
    const seed = store.seed();
    expect(seed).toMatch(/^[a-z0-9]+$/);
    expect(Object.keys(sessionStorage)).toEqual([]); // a page view stores nothing
    store.write('r1');
    expect(sessionStore('pub1', undefined).seed()).toBe(seed); // a reload of the response
    expect(sessionStore('pub1', 'other-ref').seed()).not.toBe(seed);
    store.write(null); // erased or reset
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(store.seed()).toBe(seed); // the page keeps its order, and stores it with the next response
    store.write('r2');
    expect(sessionStore('pub1', undefined).seed()).toBe(seed);
  });

  it('reads nothing from a kept screen that is not JSON', () => {
    sessionStorage.setItem('forms-engine:response:pub1:screen', '{not json');
    expect(sessionStore('pub1', undefined).readScreen('r1')).toBeNull();
  });
});
