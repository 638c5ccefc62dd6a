/**
 * Each scheme's colours: the private variable the stylesheet uses, the `--fe-*` property a host
 * may set, and the default in the light and in the dark scheme.
 */
export const PALETTE = {
  accent: ['--fe-accent', '#1d4ed8', '#8ab4ff'],
  'on-accent': ['--fe-on-accent', '#ffffff', '#0b1220'],
  bg: ['--fe-background', '#ffffff', '#0d1117'],
  fg: ['--fe-text', '#1f2328', '#e6edf3'],
  muted: ['--fe-muted', '#59636e', '#9ea7b3'],
  border: ['--fe-border', '#6e7781', '#6e7681'],
  field: ['--fe-field-background', '#ffffff', '#161b22'],
  error: ['--fe-error', '#b42318', '#ff938a'],
  focus: ['--fe-focus', '#1d4ed8', '#8ab4ff'],
  surface: ['--fe-surface', '#f3f4f6', '#21262d'],
} as const;

/**
 * A scheme's variables. The shades that must read on the form (`--_accent-text`, `--_focus-ring`)
 * and the text on a host's accent (`--_on-accent`) are measured and set by `mount` per scheme
 * (`--_accent-text-dark`…); the accent and focus colours themselves stand in until then.
 */
function schemeVariables(scheme: 'light' | 'dark'): string {
  const column = scheme === 'light' ? 1 : 2;
  const lines = Object.entries(PALETTE).map(([name, row]) =>
    name === 'on-accent'
      ? `--_on-accent: var(${row[0]}, var(--_on-accent-${scheme}, ${row[column]}));`
      : `--_${name}: var(${row[0]}, ${row[column]});`,
  );
  lines.push(
    `--_accent-text: var(--_accent-text-${scheme}, var(--_accent));`,
    `--_focus-ring: var(--_focus-ring-${scheme}, var(--_focus));`,
  );
  // Built at run time, after the stylesheet's spaces went: one line, as the rest of it.
  return lines.join('');
}

/**
 * The embed's stylesheet, scoped by its shadow root; the parts loaded on demand bring their own
 * (`questions/*-styles.ts`, added by `usePartStyles`). Rules of thumb:
 * - `:host` resets everything the host page could make us inherit (`all: initial`), with
 *   `!important` so that even a host's `!important` loses (shadow cascade order): its visibility
 *   and opacity too, whose initial values are visible and 1. `direction` is not part of `all`, so
 *   right-to-left pages flow through. What `.fe` (a div) does not set is thus the initial value.
 * - Only px and em, never rem (the host's root font size is not ours).
 * - Theme with `--fe-*` custom properties, inherited from the host element or any ancestor;
 *   each has a default here, with a dark variant.
 * - Logical properties (inline/block) so right-to-left layouts mirror themselves.
 * - Text takes the scheme's colour from `.fe`: a part sets its own only where it differs.
 */
export const STYLES = `
:host {
  all: initial !important;
  display: block !important;
  contain: content;
}
:host([hidden]) { display: none !important; }
.fe {
  --_radius: var(--fe-radius, 6px);
  --_gap: var(--fe-spacing, 16px);
${schemeVariables('light')}
  container-type: inline-size;
  color-scheme: light;
  box-sizing: border-box;
  color: var(--_fg);
  background: var(--_bg);
  font-family: var(--fe-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  font-size: var(--fe-font-size, 16px);
  line-height: 1.5;
  padding: var(--fe-padding, 16px);
}
@media (prefers-color-scheme: dark) {
  .fe[data-scheme="auto"] {
    color-scheme: dark;
${schemeVariables('dark')}
  }
}
.fe[data-scheme="dark"] {
  color-scheme: dark;
${schemeVariables('dark')}
}
.fe *, .fe *::before, .fe *::after { box-sizing: border-box; }
.fe h2, .fe h3, .fe p, .fe ul, .fe fieldset, .fe legend { margin: 0; padding: 0; }
.fe ul { list-style: none; }
.fe-form { display: flex; flex-direction: column; gap: var(--_gap); }
.fe-heading { font-size: 1.375em; font-weight: 650; line-height: 1.3; }
.fe [data-focus]:focus { outline: none; }
.fe [data-focus]:focus-visible, .fe-link:focus-visible { outline: 2px solid var(--_focus-ring); outline-offset: 2px; }
.fe-section { grid-column: 1 / -1; font-size: 1.125em; font-weight: 600; margin-block-start: 0.5em; }
.fe-progress-row { display: flex; flex-direction: column; gap: 4px; color: var(--_muted); font-size: 0.875em; }
.fe-progress-track { block-size: 6px; border-radius: 3px; background: var(--_surface); overflow: hidden; }
.fe-progress-bar { block-size: 100%; background: var(--_accent); }
.fe-grid { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: var(--_gap); }
.fe-question { grid-column: 1 / -1; display: flex; flex-direction: column; gap: 6px; min-inline-size: 0; }
.fe-w-half { grid-column: span 3; }
.fe-w-third { grid-column: span 2; }
.fe-w-two-thirds { grid-column: span 4; }
@container (max-width: 480px) {
  .fe-question { grid-column: 1 / -1; }
}
.fe-label { font-weight: 600; }
.fe-sublabel { font-weight: 500; font-size: 0.9375em; }
.fe-required { color: var(--_error); }
.fe-hint { color: var(--_muted); font-size: 0.875em; }
.fe-error { color: var(--_error); font-size: 0.875em; font-weight: 500; }
.fe .fe-warning { background: var(--_surface); border-inline-start: 4px solid var(--_error); padding: 8px 12px; border-radius: var(--_radius); }
.fe-input {
  font: inherit; color: var(--_fg); background: var(--_field);
  border: 1px solid var(--_border); border-radius: var(--_radius);
  padding: 8px 10px; inline-size: 100%; min-block-size: 44px; margin: 0;
}
.fe-language { display: flex; align-items: center; justify-content: end; gap: 8px; font-weight: 600; }
.fe-language .fe-input { inline-size: auto; font-weight: 400; }
.fe-textarea { resize: vertical; min-block-size: 6em; }
.fe-input[aria-invalid="true"], .fe-group[aria-invalid="true"] .fe-check { border-color: var(--_error); outline-color: var(--_error); }
.fe-input[aria-invalid="true"] { border-width: 2px; }
.fe-input:focus-visible, .fe-check:focus-visible, .fe-button:focus-visible, .fe-tab:focus-visible,
.fe-dropzone-button:focus-visible, .fe-rate-input:focus-visible + .fe-rate-face {
  outline: 3px solid var(--_focus-ring); outline-offset: 2px;
}
.fe-group { border: 0; min-inline-size: 0; display: flex; flex-direction: column; gap: 8px; }
.fe-group > legend { margin-block-end: 8px; }
.fe-choices { display: flex; flex-direction: column; gap: 6px; }
.fe-choices-inline { flex-direction: row; flex-wrap: wrap; gap: 6px 18px; }
.fe-choice { display: flex; align-items: center; gap: 8px; min-block-size: 32px; }
.fe-choice > label { cursor: pointer; }
.fe-check { inline-size: 20px; block-size: 20px; margin: 0; accent-color: var(--_accent-text); flex: none; }
.fe-with-unit { display: flex; align-items: center; gap: 8px; }
.fe-rating { display: flex; flex-wrap: wrap; gap: 6px; }
.fe-rate { position: relative; flex: 1 1 0; min-inline-size: 2.5em; }
.fe-rate-input { position: absolute; inset: 0; inline-size: 100%; block-size: 100%; margin: 0; opacity: 0; cursor: pointer; }
.fe-rate-face {
  display: flex; align-items: center; justify-content: center; min-block-size: 44px; font-weight: 600;
  border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_field);
}
.fe-rate-input:checked + .fe-rate-face { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); }
.fe-group[aria-invalid="true"] .fe-rate-face { border-color: var(--_error); }
.fe-rating-ends { display: flex; justify-content: space-between; gap: 12px; color: var(--_muted); font-size: 0.875em; }
.fe-statement-title { font-weight: 600; }
.fe-link { color: var(--_accent-text); text-decoration: underline; }
.fe-tabs { display: flex; flex-direction: column; gap: var(--_gap); }
.fe-tablist { display: flex; flex-wrap: wrap; gap: 4px; border-block-end: 1px solid var(--_border); }
.fe-tab {
  font: inherit; color: var(--_muted); background: transparent; border: 0; cursor: pointer;
  border-block-end: 3px solid transparent; padding: 8px 14px; margin: 0; min-block-size: 44px;
}
.fe-tab[aria-selected="true"] { color: var(--_fg); border-block-end-color: var(--_accent-text); font-weight: 600; }
.fe-tab-error::after { content: " !" / ""; color: var(--_error); font-weight: 700; }
.fe-nav { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.fe-nav > :only-child { margin-inline-start: auto; }
.fe-button {
  font: inherit; font-weight: 600; cursor: pointer; border-radius: var(--_radius);
  padding: 10px 20px; min-block-size: 44px; border: 1px solid var(--_accent); margin: 0;
}
.fe-button-primary { background: var(--_accent); color: var(--_on-accent); }
.fe-button-secondary { background: transparent; color: var(--_fg); border-color: var(--_border); }
.fe-button-small { padding: 2px 10px; min-block-size: 32px; min-inline-size: 32px; background: transparent; color: var(--_fg); border-color: var(--_border); }
.fe-button[disabled] { opacity: 0.6; cursor: progress; }
.fe-message { display: flex; flex-direction: column; gap: 12px; align-items: flex-start; }
.fe-loading { color: var(--_muted); }
.fe-summary:empty { display: none; }
.fe-summary { color: var(--_error); font-weight: 600; }
.fe-sr {
  position: absolute !important; inline-size: 1px; block-size: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: -1px; padding: 0; border: 0;
}
@media (prefers-reduced-motion: no-preference) { .fe-progress-bar { transition: inline-size 0.2s ease; } }
`;
