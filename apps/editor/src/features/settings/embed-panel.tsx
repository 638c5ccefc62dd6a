import { useState } from 'react';

/** Where the embed's look is documented: colours, fonts, spacing (the package's README, "Theming"). */
const THEMING_DOCS = 'https://www.npmjs.com/package/@forms-engine/embed-client#theming';
/** The embed's own accent colour, shown so it is clear what to change. */
const DEFAULT_ACCENT = '#1d4ed8';

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

/** The publicId and ready-to-paste snippets: one script tag, or the npm package, with the look they can set. */
export function EmbedPanel({ publicId, published }: { publicId: string; published: boolean }) {
  const origin = window.location.origin;
  const scriptTag = [
    `<script src="${origin}/embed/v1/embed.js" defer></script>`,
    '<forms-engine-questionnaire',
    `  base-url="${origin}"`,
    `  public-id="${publicId}"`,
    '  color-scheme="auto"',
    `  accent-color="${DEFAULT_ACCENT}"`,
    '></forms-engine-questionnaire>',
  ].join('\n');
  const npm = [
    'npm install @forms-engine/embed-client',
    '',
    "import { mount } from '@forms-engine/embed-client';",
    '',
    "mount('#questionnaire', {",
    `  baseUrl: '${origin}',`,
    `  publicId: '${publicId}',`,
    "  colorScheme: 'auto',",
    `  accentColor: '${DEFAULT_ACCENT}',`,
    '});',
  ].join('\n');
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
      <h3>Look</h3>
      <p>
        The colour scheme follows your page: a page that sets none gets a light form. Write <code>light</code> or{' '}
        <code>dark</code> instead of <code>auto</code> to choose one. The accent colour is used for buttons, links and
        the progress bar; text on it turns black or white, whichever reads better.
      </p>
      <p>
        Fonts, spacing, padding and every other colour can be changed too:{' '}
        <a href={THEMING_DOCS} target="_blank" rel="noopener noreferrer">
          how to theme the embed (opens in a new tab)
        </a>
        .
      </p>
    </section>
  );
}
