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

  it('keeps the shuffle seed from the first view, drops it with the id and stores it again with the next one', () => {
    const store = sessionStore('pub1', undefined);
    const seed = store.seed();
    expect(seed).toMatch(/^[a-z0-9]+$/);
    expect(sessionStore('pub1', undefined).seed()).toBe(seed); // a reload before the response exists
    expect(sessionStore('pub1', 'other-ref').seed()).not.toBe(seed);
    store.write('r1');
    store.write(null); // erased or reset: nothing stays stored
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('forms-engine:response:pub1:'))).toEqual([
      'forms-engine:response:pub1:other-ref:seed',
    ]);
    expect(store.seed()).toBe(seed); // the page keeps its order
    store.write('r2');
    expect(sessionStore('pub1', undefined).seed()).toBe(seed);
  });

  it('reads nothing from a kept screen that is not JSON', () => {
    sessionStorage.setItem('forms-engine:response:pub1:screen', '{not json');
    expect(sessionStore('pub1', undefined).readScreen('r1')).toBeNull();
  });
});
