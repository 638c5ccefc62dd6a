import { useEffect, useRef } from 'react';
import { CopyButton } from '../../ui/index.ts';

/** A new key's secret, shown this once with a copy button; the focus moves to it. */
export function KeyNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel secret-notice" aria-labelledby="key-secret-title">
      <h2 id="key-secret-title" ref={heading} tabIndex={-1}>
        API key “{name}”
      </h2>
      <p>
        Copy this key now and keep it where your program reads its secrets: it will not be shown again. Programs send it
        in the header <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <p>
        <code className="secret">{secret}</code>
      </p>
      <div className="actions">
        <CopyButton text={secret} label="Copy key" />
        <button type="button" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
