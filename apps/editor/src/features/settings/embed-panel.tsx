import type { HiddenField } from '@forms-engine/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { CopyButton } from '../../ui/index.ts';

/** Where the embed's look is documented: colours, fonts, spacing (the package's README, "Theming"). */
const THEMING_DOCS = 'https://www.npmjs.com/package/@forms-engine/embed-client#theming';
/** The embed's own accent colour, shown so it is clear what to change. */
const DEFAULT_ACCENT = '#1d4ed8';

/**
 * The publicId and ready-to-paste snippets: one script tag, or the npm package, with the look they
 * can set. The address in them is the server's public one (`PUBLIC_URL`, from `instance`): with
 * `MANAGEMENT_PORT` the editor is opened at another address than sites reach. When none is set,
 * or the server cannot say, it is the address the editor was opened at.
 */
export function EmbedPanel({
  publicId,
  published,
  hiddenFields = [],
}: {
  publicId: string;
  published: boolean;
  /** The draft's hidden fields: how to pass them is shown when there are any. */
  hiddenFields?: readonly HiddenField[] | undefined;
}) {
  const trpc = useTRPC();
  const instance = useQuery(trpc.instance.queryOptions());
  // One heading whatever loads under it: a link to #embed-title keeps its focus on it.
  return (
    <section aria-labelledby="embed-title" className="panel">
      <h2 id="embed-title">Embed</h2>
      {instance.isPending ? (
        <p>Loading the embed code…</p>
      ) : (
        <>
          <EmbedSnippets publicId={publicId} published={published} publicUrl={instance.data?.publicUrl ?? null} />
          {hiddenFields.length > 0 && (
            <HiddenFieldSnippets
              publicId={publicId}
              origin={instance.data?.publicUrl ?? window.location.origin}
              fields={hiddenFields}
            />
          )}
        </>
      )}
    </section>
  );
}

function EmbedSnippets({
  publicId,
  published,
  publicUrl,
}: {
  publicId: string;
  published: boolean;
  publicUrl: string | null;
}) {
  const origin = publicUrl ?? window.location.origin;
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
    <>
      {!published && <p className="muted">Publish a version first: the embed shows the published version.</p>}
      <p>
        Public id: <code>{publicId}</code> <CopyButton text={publicId} label="Copy" accessibleName="Copy public id" />
      </p>
      {publicUrl === null && (
        <p className="muted">
          These snippets use the address this editor was opened at, {origin}. If sites reach this service at another
          address, an administrator can set it as the public address (the PUBLIC_URL setting).
        </p>
      )}
      <h3>Script tag</h3>
      <pre className="snippet">{scriptTag}</pre>
      <CopyButton text={scriptTag} label="Copy" accessibleName="Copy script tag snippet" />
      <h3>npm</h3>
      <pre className="snippet">{npm}</pre>
      <CopyButton text={npm} label="Copy" accessibleName="Copy npm snippet" />
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
    </>
  );
}

/** A JavaScript string literal in single quotes. */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/**
 * An HTML attribute's value in double quotes. A query string's `&` stays as typed: followed by a
 * key and `=`, HTML reads it as itself, and the snippet reads as the query string it is.
 */
const attribute = (value: string) => value.replace(/"/g, '&quot;');

/**
 * How a page passes the hidden fields: the element's `hidden-fields` attribute (a query string),
 * `mount()`'s `hidden` option, or its own address with `hidden-from-url` (a link to that page
 * with the values as URL parameters). The values typed here fill all three.
 */
function HiddenFieldSnippets({
  publicId,
  origin,
  fields,
}: {
  publicId: string;
  origin: string;
  fields: readonly HiddenField[];
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [page, setPage] = useState('https://example.org/survey');
  const query = new URLSearchParams(fields.map((field) => [field.key, values[field.key] ?? ''])).toString();
  const element = (extra: string) =>
    [
      '<forms-engine-questionnaire',
      `  base-url="${origin}"`,
      `  public-id="${publicId}"`,
      extra,
      '></forms-engine-questionnaire>',
    ].join('\n');
  const attributeSnippet = element(`  hidden-fields="${attribute(query)}"`);
  const mountSnippet = [
    "mount('#questionnaire', {",
    `  baseUrl: '${origin}',`,
    `  publicId: '${publicId}',`,
    `  hidden: { ${fields.map((field) => `${field.key}: ${literal(values[field.key] ?? '')}`).join(', ')} },`,
    '});',
  ].join('\n');
  const urlSnippet = element('  hidden-from-url');
  let link: string;
  try {
    const url = new URL(page);
    url.search = query;
    link = url.href;
  } catch {
    link = '';
  }
  return (
    <>
      <h3>Hidden fields</h3>
      <p>
        This questionnaire stores {fields.length === 1 ? 'one hidden field' : `${fields.length} hidden fields`} with
        each response: {fields.map((field) => field.key).join(', ')}. Your page passes their values when a respondent
        starts; values for keys the published version does not declare are not kept. Type example values to see them in
        the code below.
      </p>
      <div className="row">
        {fields.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`hidden-value-${field.key}`}>
              Value of {field.key}
              {field.label ? ` (${field.label})` : ''}
            </label>
            <input
              id={`hidden-value-${field.key}`}
              value={values[field.key] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <h4>In the script tag’s element</h4>
      <pre className="snippet" id="hidden-attribute-snippet">
        {attributeSnippet}
      </pre>
      <CopyButton text={attributeSnippet} label="Copy" accessibleName="Copy the element with hidden fields" />
      <h4>With npm</h4>
      <pre className="snippet" id="hidden-mount-snippet">
        {mountSnippet}
      </pre>
      <CopyButton text={mountSnippet} label="Copy" accessibleName="Copy the mount call with hidden fields" />
      <h4>From your page’s address</h4>
      <p>
        With <code>hidden-from-url</code> the questionnaire reads the declared keys from the address of the page it is
        on (never answers), so one page serves every link you share: the newsletter’s, the ad’s.
      </p>
      <pre className="snippet" id="hidden-url-snippet">
        {urlSnippet}
      </pre>
      <CopyButton text={urlSnippet} label="Copy" accessibleName="Copy the element that reads the page address" />
      <div className="field">
        <label htmlFor="hidden-share-page">Address of your page that embeds it</label>
        <input id="hidden-share-page" type="url" value={page} onChange={(event) => setPage(event.target.value)} />
      </div>
      {link ? (
        <p>
          Link to share: <code id="hidden-share-link">{link}</code>{' '}
          <CopyButton text={link} label="Copy" accessibleName="Copy the link" />
        </p>
      ) : (
        <p className="field-error">Write the page’s address in full, such as https://example.org/survey.</p>
      )}
    </>
  );
}
