/**
 * The stylesheet of the questions loaded on demand (issue 25), added to the embed's shadow root
 * when the first of them is drawn (`useMoreStyles`), so the first load does not carry it. The same
 * rules of thumb as `render/styles.ts`: px and em, logical properties, the scheme's variables. What
 * the browser or the first load's sheet already gives is not repeated: a cell's `vertical-align: middle`,
 * `overflow-wrap: normal` (nothing above the table changes it), a block's full width.
 */
export const STYLES = `
.fe-matrix table { border-collapse: collapse; inline-size: 100%; }
.fe-matrix th, .fe-matrix td { padding: 4px 6px; text-align: center; }
.fe-matrix th, .fe-matrix-row > legend { font-weight: 500; }
.fe-matrix thead th { font-size: 0.875em; vertical-align: bottom; }
.fe-matrix tbody th { text-align: start; }
.fe-matrix tbody tr { border-block-start: 1px solid var(--_surface); }
.fe-cell { display: flex; align-items: center; justify-content: center; min-block-size: 44px; min-inline-size: 44px; cursor: pointer; }
.fe-matrix-missing th, .fe-matrix-missing > legend { color: var(--_error); }
.fe-question-body, .fe-rank-lists, .fe-rank-list, .fe-matrix-rows { display: flex; flex-direction: column; gap: 6px; }
.fe-rank-lists { gap: 12px; }
.fe-matrix-rows { gap: 16px; }
.fe-matrix-row { border: 0; min-inline-size: 0; }
.fe-matrix-row > legend { margin-block-end: 4px; overflow-wrap: anywhere; }
.fe-nps .fe-rate { min-inline-size: 44px; }
@container (max-width: 560px) {
  .fe-nps { display: grid; grid-template-columns: repeat(6, minmax(44px, 1fr)); }
}
.fe-other-text { margin-inline-start: 28px; inline-size: calc(100% - 28px); }
.fe-rank-list { min-block-size: 44px; margin: 0; padding: 0; list-style: none; }
.fe-rank-item {
  display: flex; align-items: center; gap: 8px; padding: 4px 8px; min-block-size: 44px;
  border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_field);
}
.fe-rank-item:focus-visible { outline: 3px solid var(--_focus-ring); outline-offset: 2px; }
.fe-rank-position { font-weight: 700; min-inline-size: 1.5em; }
.fe-rank-label { flex: 1; min-inline-size: 0; overflow-wrap: anywhere; }
.fe-rank-grip { cursor: grab; touch-action: none; user-select: none; color: var(--_muted); padding: 8px 4px; }
.fe-rank-dragged { opacity: 0.5; }
.fe-rank-over { border-color: var(--_accent-text); border-style: dashed; }
.fe-rank-list:empty { border: 2px dashed var(--_border); border-radius: var(--_radius); }
.fe-rank-item .fe-button-small { flex: none; }
`;
