/** The address suggestions's stylesheet, added when it is first drawn (`usePartStyles`); the rules of `render/styles.ts` apply. */
export const STYLES = `
.fe-combobox { position: relative; }
.fe-listbox {
  position: absolute; inset-inline: 0; inset-block-start: 100%; z-index: 10; margin-block-start: 4px;
  background: var(--_field); color: var(--_fg); border: 1px solid var(--_border); border-radius: var(--_radius);
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18); max-block-size: 16em; overflow: auto;
}
.fe-option { padding: 8px 10px; cursor: pointer; }
.fe-option-active { background: var(--_accent); color: var(--_on-accent); }
`;
