import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_SHOWN_MS, CopyButton } from './copy-button.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

/** Presses the button and lets the clipboard's promise settle. */
async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('the copy button', () => {
  it('copies its text and says so in a polite status', async () => {
    render(<CopyButton text="https://forms.example.com/invite/tok" label="Copy link" />);
    expect(screen.getByRole('status').textContent).toBe('');
    await press('Copy link');
    expect(writeText).toHaveBeenCalledWith('https://forms.example.com/invite/tok');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('keeps a short visible label with a longer accessible name, and says what was copied in its own words', async () => {
    render(<CopyButton text="AbCd" label="Copy" accessibleName="Copy public id" copied="Public id copied" />);
    expect(screen.getByRole('button', { name: 'Copy public id' }).textContent).toBe('Copy');
    await press('Copy public id');
    expect(screen.getByRole('status').textContent).toBe('Public id copied');
  });

  it('says so when the browser refuses', async () => {
    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    render(<CopyButton text="secret" label="Copy secret" />);
    await press('Copy secret');
    expect(screen.getByRole('status').textContent).toBe(
      'The browser did not allow copying: select the text and copy it',
    );
  });

  it('empties its status after a while, so copying again is said again', async () => {
    vi.useFakeTimers();
    render(<CopyButton text="npm install" label="Copy npm snippet" />);
    await press('Copy npm snippet');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(COPIED_SHOWN_MS));
    expect(screen.getByRole('status').textContent).toBe('');
    await press('Copy npm snippet');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });
});
