/**
 * What the build writes JSX as (`tsup.config.ts`, `classicJsx`): `h(type, props, ...children)` calls,
 * with this module injected where a file has JSX. Type checking and the tests keep the automatic
 * runtime (`tsconfig.json`); both make the same Preact elements.
 */
export { Fragment, h } from 'preact';
