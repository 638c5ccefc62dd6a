/** `pnpm bench`: prints the embed's bundle sizes against their budgets; exits 1 when one is over. */
import { BUDGET_KB, kb, measureBundleSizes } from './bundle-size';

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
process.exitCode = over ? 1 : 0;
