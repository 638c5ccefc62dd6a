import { useEffect, useRef } from 'react';
import { CopyButton } from '../../ui/index.ts';

/**
 * A signing secret, shown once with a copy button: the server never shows it again. The focus
 * moves to it, so a keyboard or screen-reader user meets it at once.
 */
export function SecretNotice({ secret, name, onDone }: { secret: string; name: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel secret-notice" aria-labelledby="secret-title">
      <h3 id="secret-title" ref={heading} tabIndex={-1}>
        Signing secret for {name}
      </h3>
      <p>
        Copy this secret now and keep it with your receiving server: it verifies that requests came from here. It is not
        shown again (rotate it to get a new one).
      </p>
      <p>
        <code className="secret">{secret}</code>
      </p>
      <div className="actions">
        <CopyButton text={secret} label="Copy secret" copied="Secret copied" />
        <button type="button" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
