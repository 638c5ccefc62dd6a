import { useState } from 'react';

/** Copies `text` to the clipboard and says so politely; says so too when the browser refuses. */
export function CopyButton({ text, label, accessibleName }: { text: string; label: string; accessibleName?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  return (
    <>
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
      <span role="status">
        {state === 'copied'
          ? 'Copied'
          : state === 'refused'
            ? 'The browser did not allow copying: select the text and copy it'
            : ''}
      </span>
    </>
  );
}
