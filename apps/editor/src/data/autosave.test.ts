import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AutosaveOptions, createAutosaver } from './autosave.ts';
import { clientProblem } from './problem.ts';

type Value = { text: string };

/** Saves the test settles by hand: each call waits for `settle[i]`. */
function manualSaves() {
  const sent: Value[] = [];
  const settle: { ok: () => void; fail: (error: unknown) => void }[] = [];
  const save = vi.fn(
    (value: Value) =>
      new Promise<Value>((resolve, reject) => {
        sent.push(value);
        settle.push({ ok: () => resolve({ ...value, text: value.text.trim() }), fail: reject });
      }),
  );
  return { save, sent, settle };
}

function setup(overrides: Partial<AutosaveOptions<Value>> = {}) {
  const saves = manualSaves();
  const persisted: { value?: Value; base?: string; cleared: number } = { cleared: 0 };
  const saver = createAutosaver<Value>({
    saved: { text: 'a' },
    save: saves.save,
    isValid: (value) => !value.text.includes('!'),
    persist: {
      write: (value, base) => {
        Object.assign(persisted, { value, base });
        return true;
      },
      clear: () => {
        persisted.cleared++;
        delete persisted.value;
      },
    },
    ...overrides,
  });
  return { saver, persisted, ...saves };
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('createAutosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the last edit after a pause, keeping it in the browser until the server has it', async () => {
    const { saver, sent, settle, persisted } = setup();
    saver.edit({ text: 'ab' });
    saver.edit({ text: 'abc' });
    expect(saver.getState().kind).toBe('saving');
    expect(persisted.value).toEqual({ text: 'abc' });
    await wait(1000);
    expect(sent).toEqual([{ text: 'abc' }]);
    settle[0]?.ok();
    await wait(0);
    expect(saver.getState().kind).toBe('saved');
    expect(persisted.value).toBeUndefined();
  });

  it('keeps a value the server would refuse, sends nothing, and saves by itself once it is fixed', async () => {
    const { saver, sent, settle, persisted } = setup();
    saver.edit({ text: 'half!' });
    await wait(2000);
    expect(sent).toEqual([]);
    expect(saver.getState().kind).toBe('invalid');
    expect(persisted.value).toEqual({ text: 'half!' });
    saver.edit({ text: 'whole' });
    await wait(1000);
    expect(sent).toEqual([{ text: 'whole' }]);
    settle[0]?.ok();
    await wait(0);
    expect(saver.getState().kind).toBe('saved');
  });

  it('retries while the server cannot be reached, telling when, and keeps the edit meanwhile', async () => {
    const { saver, sent, settle, persisted } = setup();
    saver.edit({ text: 'offline' });
    await wait(1000);
    settle[0]?.fail(new TypeError('Failed to fetch'));
    await wait(0);
    const state = saver.getState();
    expect(state).toMatchObject({ kind: 'unreachable' });
    expect(state.kind === 'unreachable' && state.retryAt - Date.now()).toBe(1000);
    expect(persisted.value).toEqual({ text: 'offline' });
    await wait(1000);
    expect(sent).toHaveLength(2);
    settle[1]?.ok();
    await wait(0);
    expect(saver.getState().kind).toBe('saved');
    expect(persisted.value).toBeUndefined();
  });

  it('counts a failure without a problem body as the server being unreachable, and retries it', async () => {
    const { saver, sent, settle } = setup();
    saver.edit({ text: 'lost' });
    await wait(1000);
    settle[0]?.fail(new Error('socket hang up'));
    await wait(1000);
    expect(sent).toHaveLength(2);
    expect(saver.getState().kind).toBe('saving');
  });

  it('does not retry a 4xx refusal by itself', async () => {
    const problem = { ...clientProblem('Not valid', 400), code: 'VALIDATION_FAILED' as const };
    const { saver, sent, settle } = setup({ problemOf: () => problem });
    saver.edit({ text: 'refused' });
    await wait(1000);
    settle[0]?.fail(new Error('400'));
    await wait(60_000);
    expect(sent).toHaveLength(1);
    expect(saver.getState()).toEqual({ kind: 'refused', problem });
    saver.edit({ text: 'again' });
    await wait(1000);
    expect(sent).toHaveLength(2);
  });

  it('reads "saved" again, without a save, when an edit is undone before it was sent', async () => {
    const original = { text: 'a' };
    const { save } = manualSaves();
    const saver = createAutosaver<Value>({ saved: original, save, isValid: () => true });
    saver.edit({ text: 'b' });
    saver.edit(original);
    await wait(1000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.getState().kind).toBe('saved');
  });

  it('saves an undo that came while the edit was being saved, after it', async () => {
    const original = { text: 'a' };
    const { save, sent, settle } = manualSaves();
    const saver = createAutosaver<Value>({ saved: original, save, isValid: () => true });
    saver.edit({ text: 'b' });
    await wait(1000);
    saver.edit(original);
    settle[0]?.ok();
    await wait(1000);
    expect(sent).toEqual([{ text: 'b' }, original]);
    settle[1]?.ok();
    await wait(0);
    expect(saver.getState().kind).toBe('saved');
  });

  it('keeps an edit made during a save, on the server’s new value', async () => {
    const { saver, sent, settle, persisted } = setup();
    saver.edit({ text: ' b ' });
    await wait(1000);
    saver.edit({ text: 'c' });
    settle[0]?.ok();
    await wait(0);
    // The server now holds "b" (it trimmed it): the pending edit is based on that.
    expect(persisted).toMatchObject({ value: { text: 'c' } });
    expect(persisted.base).toBe(saver.serverBase());
    await wait(1000);
    expect(sent.at(-1)).toEqual({ text: 'c' });
  });

  it('flushes at once, and says whether everything reached the server', async () => {
    const { saver, sent, settle } = setup();
    saver.edit({ text: 'now' });
    const flushed = saver.flush();
    await wait(0);
    expect(sent).toEqual([{ text: 'now' }]);
    settle[0]?.ok();
    expect(await flushed).toBe(true);
    saver.edit({ text: 'bad!' });
    expect(await saver.flush()).toBe(false);
  });
});

describe('useAutosave after the session ended', () => {
  it('sends the edit the server refused as soon as the member has signed in again', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { useAutosave } = await import('./autosave.ts');
    const { announceSignedInAgain } = await import('./session.ts');
    const { FakeProblem } = await import('../test/fake-api.tsx');
    let signedIn = false;
    const save = vi.fn(async (value: Value) => {
      if (!signedIn) throw new FakeProblem({ code: 'UNAUTHORIZED', status: 401 });
      return value;
    });
    const { result, rerender } = renderHook(
      ({ value }) =>
        useAutosave(value, () => ({
          saved: { text: 'a' },
          save,
          isValid: () => true,
          debounceMs: 0,
          problemOf: (error) => (error as InstanceType<typeof FakeProblem>).problem,
        })),
      { initialProps: { value: { text: 'a' } } },
    );
    rerender({ value: { text: 'ab' } });
    await vi.waitFor(() => expect(result.current.state.kind).toBe('refused'));
    signedIn = true;
    act(() => announceSignedInAgain());
    await vi.waitFor(() => expect(result.current.state.kind).toBe('saved'));
    expect(save).toHaveBeenLastCalledWith({ text: 'ab' });
  });
});
