/** The file upload's stylesheet, added when it is first drawn (`usePartStyles`); the rules of `render/styles.ts` apply. */
export const STYLES = `
.fe-files { display: flex; flex-direction: column; gap: 6px; }
.fe-file-item { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.fe-file-name { font-weight: 500; overflow-wrap: anywhere; }
.fe-file-size { color: var(--_muted); font-size: 0.875em; }
.fe-progress { inline-size: 10em; accent-color: var(--_accent); }
.fe-dropzone {
  position: relative; display: flex; flex-direction: column; align-items: center; gap: 4px; text-align: center;
  background: var(--_field); border: 2px dashed var(--_border); border-radius: var(--_radius); padding: 16px;
}
.fe-dropzone-button { font: inherit; font-weight: 600; color: var(--_fg); background: none; border: 0; padding: 0; margin: 0; cursor: pointer; }
.fe-dropzone-button::after { content: ""; position: absolute; inset: 0; }
.fe-dropzone-button[disabled] { color: var(--_muted); cursor: not-allowed; }
.fe-dropzone-over { border-color: var(--_accent-text); background: var(--_surface); }
.fe-dropzone-invalid { border-color: var(--_error); }
`;
