import type { Definition } from '@forms-engine/schema';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { twoSteps } from './test-definitions.ts';
import { useAutosave } from './use-autosave.ts';

/** A save the test settles by hand, to hold it in flight. */
function deferredSaves() {
  const sent: Definition[] = [];
  const settle: (() => void)[] = [];
  const save = vi.fn(
    (draft: Definition) =>
      new Promise<void>((resolve) => {
        sent.push(draft);
        settle.push(resolve);
      }),
  );
  return { save, sent, settle };
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(1_000));

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const original = twoSteps();
  const edited = { ...original, steps: original.steps.slice(0, 1) };

  it('reads "saved" again, without a save, when an edit is undone before it was sent', async () => {
    const { save } = deferredSaves();
    const { result, rerender } = renderHook(({ draft }) => useAutosave(draft, original, save), {
      initialProps: { draft: original },
    });
    rerender({ draft: edited });
    expect(result.current.kind).toBe('saving');
    rerender({ draft: original });
    await flush();
    expect(save).not.toHaveBeenCalled();
    expect(result.current.kind).toBe('saved');
  });

  it('saves the undone draft when the undo came while the edit was being saved', async () => {
    const { save, sent, settle } = deferredSaves();
    const { result, rerender } = renderHook(({ draft }) => useAutosave(draft, original, save), {
      initialProps: { draft: original },
    });
    rerender({ draft: edited });
    await flush();
    expect(sent).toEqual([edited]);
    rerender({ draft: original }); // undo while the edit is in flight
    await act(async () => settle[0]?.());
    await flush();
    expect(sent).toEqual([edited, original]);
    await act(async () => settle[1]?.());
    expect(result.current.kind).toBe('saved');
  });
});
