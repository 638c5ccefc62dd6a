/** The address's stylesheet, added when it is first drawn (`usePartStyles`); the rules of `render/styles.ts` apply. */
export const STYLES = `
.fe-address { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px var(--_gap); }
.fe-address-part { display: flex; flex-direction: column; gap: 4px; min-inline-size: 0; }
.fe-address-wide { grid-column: 1 / -1; }
@container (max-width: 480px) {
  .fe-address-part { grid-column: 1 / -1; }
}
`;
