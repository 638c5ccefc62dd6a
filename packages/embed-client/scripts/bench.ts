/** `pnpm bench`: prints the embed's bundle sizes against their budgets; exits 1 when one is over. */
import { BUDGET_KB, kb, measureBundleSizes } from './bundle-size';
import { liveDocumentSizes } from './first-load';

const sizes = await measureBundleSizes();
let over = false;
for (const [name, size] of Object.entries(sizes) as [keyof typeof BUDGET_KB, { minified: number; gzip: number }][]) {
  const budget = BUDGET_KB[name] * 1024;
  const verdict = size.gzip <= budget ? 'ok' : 'OVER BUDGET';
  over ||= size.gzip > budget;
  console.log(
    `embed-client ${name.padEnd(9)} ${kb(size.minified).padStart(9)} minified  ${kb(size.gzip).padStart(8)} gzip  (budget ${BUDGET_KB[name]} KB) ${verdict}`,
  );
}
console.log(
  `  everything: as sent (the build's zopfli copies) ${kb(sizes.everything.gzip)}; zlib level 9 would be ${kb(sizes.everything.zlibGzip)}`,
);
for (const file of sizes.scriptTag.files)
  console.log(`  script tag first load: ${file.name.padEnd(28)} ${kb(file.gzip).padStart(8)} gzip`);
// The script tag's first load: its files and the live document (the German words travel in the document).
const live = liveDocumentSizes();
for (const [languages, document] of [
  ['one language ', live.oneLanguage],
  ['two languages', live.twoLanguages],
] as const) {
  console.log(
    `embed-client first load, ${languages}: script tag ${kb(sizes.scriptTag.gzip)} + live document ${kb(document)} = ${kb(sizes.scriptTag.gzip + document)} gzip`,
  );
}
process.exitCode = over ? 1 : 0;
