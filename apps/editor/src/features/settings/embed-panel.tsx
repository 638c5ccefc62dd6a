import { useState } from 'react';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** The publicId and ready-to-paste snippets: one script tag, or the npm package. */
export function EmbedPanel({ publicId, published }: { publicId: string; published: boolean }) {
  const origin = window.location.origin;
  const scriptTag = `<script src="${origin}/embed/v1/embed.js" defer></script>\n<forms-engine-questionnaire base-url="${origin}" public-id="${publicId}"></forms-engine-questionnaire>`;
  const npm = `npm install @forms-engine/embed-client\n\nimport { mount } from '@forms-engine/embed-client';\n\nmount('#questionnaire', { baseUrl: '${origin}', publicId: '${publicId}' });`;
  return (
    <section aria-labelledby="embed-title" className="panel">
      <h2 id="embed-title">Embed</h2>
      {!published && <p className="muted">Publish a version first: the embed shows the published version.</p>}
      <p>
        Public id: <code>{publicId}</code> <CopyButton text={publicId} label="Copy public id" />
      </p>
      <h3>Script tag</h3>
      <pre className="snippet">{scriptTag}</pre>
      <CopyButton text={scriptTag} label="Copy script tag snippet" />
      <h3>npm</h3>
      <pre className="snippet">{npm}</pre>
      <CopyButton text={npm} label="Copy npm snippet" />
    </section>
  );
}
