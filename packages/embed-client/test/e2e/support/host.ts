import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export interface HostSite {
  origin: string;
  /** Serves `html` at a new path under this origin and returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

/** Scripts of the host pages: they read their options from data attributes, since the CSP forbids inline scripts. */
const FILES: Record<string, string> = {
  // Records every Forms Engine event and every CSP violation, for the tests to read.
  '/record.js': `
    window.__events = [];
    window.__violations = [];
    for (const name of ['ready', 'response-created', 'step-change', 'save', 'complete', 'error']) {
      document.addEventListener('forms-engine:' + name, (event) => {
        window.__events.push({ name, target: event.target.id || event.target.tagName.toLowerCase(), detail: event.detail });
      });
    }
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(event.violatedDirective + ' ' + event.blockedURI);
    });
  `,
  // The npm way: import the package's ESM build and mount into each [data-public-id] element.
  '/mount.js': `
    import { mount } from '/dist/index.js';
    window.__handles = {};
    for (const target of document.querySelectorAll('[data-public-id]')) {
      window.__handles[target.id] = mount(target, {
        baseUrl: target.dataset.baseUrl,
        publicId: target.dataset.publicId,
        externalRef: target.dataset.externalRef,
        colorScheme: target.dataset.colorScheme,
        accentColor: target.dataset.accentColor,
        hiddenFromUrl: 'hiddenFromUrl' in target.dataset,
        prefill: target.dataset.prefill ? Object.fromEntries(new URLSearchParams(target.dataset.prefill)) : undefined,
        allowRedirect: 'allowRedirect' in target.dataset,
      });
    }
  `,
  // Right after a (not deferred) script tag: FormsEngine.mount into each [data-public-id] element
  // before the embed's module can have arrived; [data-destroy-at-once] is destroyed at once.
  '/mount-now.js': `
    window.__handles = {};
    window.__ready = [];
    window.__definedAtMount = customElements.get('forms-engine-questionnaire') !== undefined;
    for (const target of document.querySelectorAll('[data-public-id]')) {
      window.__handles[target.id] = FormsEngine.mount(target, {
        baseUrl: target.dataset.baseUrl,
        publicId: target.dataset.publicId,
        onReady: () => window.__ready.push(target.id),
      });
      if ('destroyAtOnce' in target.dataset) window.__handles[target.id].destroy();
    }
  `,
  // A host page's own colour scheme, as sites declare it.
  '/scheme-light.css': `:root { color-scheme: light; }`,
  '/scheme-dark.css': `:root { color-scheme: dark; background: #111; color: #eee; }`,
  '/scheme-light-dark.css': `:root { color-scheme: light dark; }`,
  '/page.css': `.spacer { height: 1600px; }`,
  // A site's own accent and focus colour, set in CSS and inherited by the embed.
  '/theme-purple.css': `main { --fe-accent: #7c3aed; --fe-focus: #7c3aed; }`,
  // One accent for each scheme, as the README shows.
  '/theme-by-scheme.css': `main { --fe-accent: #0a7d4f; }
    @media (prefers-color-scheme: dark) { main { --fe-accent: #2dd4bf; } }`,
  '/hostile.css': `
    :root { font-size: 40px !important; }
    *, *::before, *::after { color: #f0f !important; font-family: "Comic Sans MS", fantasy !important;
      letter-spacing: 4px !important; line-height: 3 !important; text-transform: uppercase !important;
      box-sizing: content-box !important; visibility: visible; }
    div, form, fieldset, section, p, h2, ul, li, label, legend, span { margin: 17px !important; padding: 23px !important;
      border: 7px dashed #0f0 !important; background: #ff0 !important; display: inline !important; font-size: 31px !important; }
    input, select, textarea, button { all: unset !important; display: none !important; }
    [data-forms-engine], forms-engine-questionnaire { all: unset !important; display: block !important;
      font: italic 50px serif !important; direction: ltr; --fe-accent: inherit; }
    .fe, .fe-button, .fe-input, .fe-heading { display: none !important; color: red !important; }
  `,
};

export async function startHost(): Promise<HostSite> {
  const pages = new Map<string, string>();
  let counter = 0;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const page = pages.get(path);
    const file = FILES[path];
    try {
      if (page !== undefined) {
        const serverOrigin = /data-base-url="([^"]+)"|base-url="([^"]+)"/.exec(page);
        const server = serverOrigin?.[1] ?? serverOrigin?.[2] ?? '';
        // A strict policy: no inline scripts or styles anywhere on the page.
        response.setHeader(
          'Content-Security-Policy',
          `default-src 'none'; script-src 'self' ${server}; connect-src ${server}; style-src 'self'; img-src 'self' data:; base-uri 'none'`,
        );
        response.setHeader('Content-Type', TYPES['.html']!);
        response.end(page);
      } else if (file !== undefined) {
        response.setHeader('Content-Type', TYPES[extname(path)] ?? 'text/plain');
        response.end(file);
      } else if (path.startsWith('/dist/')) {
        const relative = normalize(path.slice('/dist/'.length));
        if (relative.startsWith('..')) throw new Error('outside dist');
        const body = await readFile(join(DIST, relative));
        response.setHeader('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
        response.end(body);
      } else {
        response.statusCode = 404;
        response.end('not found');
      }
    } catch {
      response.statusCode = 404;
      response.end('not found');
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(html) {
      const path = `/page-${++counter}.html`;
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EmbedSpec {
  id?: string;
  publicId: string;
  externalRef?: string;
  /** Attributes of the element (`hidden-from-url`, `prefill`, `allow-redirect`); `data-` ones for mount(). */
  attributes?: Record<string, string>;
}

export interface PageOptions {
  /** The host page's `<html lang>` (English by default). */
  lang?: string;
  /** The host page's own URL query (`?utm_source=newsletter`). */
  query?: string;
  hostile?: boolean;
  rtl?: boolean;
  spacer?: boolean;
  scriptUrl?: string;
  /** The host page's own `color-scheme` on its root. */
  hostScheme?: 'light' | 'dark' | 'light-dark';
  /** The host's stylesheet sets `--fe-*` on the embed's ancestors: a purple accent and focus, or an accent per scheme. */
  theme?: 'purple' | 'by-scheme';
  /** The embed's look: on the script tag (`data-color-scheme`, `data-accent-color`), or as mount() options. */
  look?: { colorScheme?: string; accentColor?: string };
}

/**
 * A host page embedding questionnaires: `npm` imports the package's ESM build and calls
 * mount(); `script` loads the server's script-tag bundle and uses the custom element.
 */
export function embedPage(
  mode: 'npm' | 'script',
  serverUrl: string,
  embeds: EmbedSpec[],
  options: PageOptions = {},
): string {
  const look = [
    options.look?.colorScheme ? ` data-color-scheme="${options.look.colorScheme}"` : '',
    options.look?.accentColor ? ` data-accent-color="${options.look.accentColor}"` : '',
  ].join('');
  const targets = embeds.map((embed, index) => {
    const id = embed.id ?? `embed-${index + 1}`;
    const prefix = mode === 'npm' ? 'data-' : '';
    const ref = [
      embed.externalRef ? ` ${prefix}external-ref="${embed.externalRef}"` : '',
      ...Object.entries(embed.attributes ?? {}).map(([name, value]) => ` ${prefix}${name}="${value}"`),
    ].join('');
    return mode === 'npm'
      ? `<div id="${id}" data-base-url="${serverUrl}" data-public-id="${embed.publicId}"${ref}${look}></div>`
      : `<forms-engine-questionnaire id="${id}" base-url="${serverUrl}" public-id="${embed.publicId}"${ref}></forms-engine-questionnaire>`;
  });
  const scripts =
    mode === 'npm'
      ? '<script type="module" src="/mount.js"></script>'
      : `<script src="${options.scriptUrl ?? `${serverUrl}/embed/v1/embed.js`}"${look} defer></script>`;
  return `<!doctype html>
<html lang="${options.lang ?? 'en'}"${options.rtl ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<title>Host page</title>
${options.hostile ? '<link rel="stylesheet" href="/hostile.css">' : ''}
${options.hostScheme ? `<link rel="stylesheet" href="/scheme-${options.hostScheme}.css">` : ''}
${options.theme ? `<link rel="stylesheet" href="/theme-${options.theme}.css">` : ''}
<link rel="stylesheet" href="/page.css">
<script src="/record.js"></script>
${scripts}
</head>
<body>
<main>
<h1>Host page</h1>
${options.spacer ? '<div class="spacer"></div>' : ''}
${targets.join('\n')}
</main>
</body>
</html>`;
}
