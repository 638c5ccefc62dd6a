import { mount } from '@forms-engine/embed-client';
import type { Definition } from '@forms-engine/schema';
import { useEffect, useRef, useState } from 'react';
import { previewFetch } from './preview-server.ts';

/**
 * The draft rendered by the embed that third-party sites get, over an in-memory public API
 * (see preview-server.ts). Re-mounted when the draft changes, so rules and questions follow
 * every edit.
 */
export function Preview({ definition }: { definition: Definition }) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(definition);
  latest.current = definition;
  const [externalRef, setExternalRef] = useState('');
  const [restarts, setRestarts] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-mounted on purpose when any of these change
  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const publicId = `preview-${Math.random().toString(36).slice(2)}`;
    const timer = setTimeout(() => {
      handle = mount(target, {
        baseUrl: window.location.origin,
        publicId,
        externalRef: externalRef || undefined,
        fetch: previewFetch(publicId, () => latest.current),
      });
    }, 250);
    let handle: { destroy(): void } | undefined;
    return () => {
      clearTimeout(timer);
      handle?.destroy();
    };
  }, [definition, externalRef, restarts]);

  return (
    <section className="panel" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <div className="row">
        <div className="field">
          <label htmlFor="preview-ref">External reference (for rules that read it)</label>
          <input id="preview-ref" value={externalRef} onChange={(event) => setExternalRef(event.target.value)} />
        </div>
        <button type="button" onClick={() => setRestarts((n) => n + 1)}>
          Restart preview
        </button>
      </div>
      <div ref={host} data-testid="preview" />
    </section>
  );
}
