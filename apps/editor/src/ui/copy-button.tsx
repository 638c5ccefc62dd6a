import { useEffect, useState } from 'react';

/** How long the words after a copy stay: long enough to read, then the status empties so the next copy is said again. */
export const COPIED_SHOWN_MS = 5000;

/**
 * Copies `text` to the clipboard and says so politely (`copied`, “Copied” unless told); says so too
 * when the browser refuses. `label` is what the button shows; `accessibleName`, when given, is its
 * name for assistive technology and starts with the label (“Copy” → “Copy public id”).
 */
export function CopyButton({
  text,
  label,
  accessibleName,
  copied = 'Copied',
}: {
  text: string;
  label: string;
  accessibleName?: string;
  copied?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  // One piece with its status, so a row of buttons spaces it as one and an empty status takes no room.
  return (
    <span className="copy-button">
      <button
        type="button"
        aria-label={accessibleName}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setState('copied');
          } catch {
            setState('refused');
          }
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied'
          ? copied
          : state === 'refused'
            ? 'The browser did not allow copying: select the text and copy it'
            : ''}
      </span>
    </span>
  );
}
