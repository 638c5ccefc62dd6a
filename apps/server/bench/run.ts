// `pnpm bench`: small self-contained benchmarks, one line each; exits 1 when one misses its budget.
import { benchCsvExport } from './csv-export.ts';
import { benchGeocode } from './geocode.bench.ts';

const benches = [benchGeocode, benchCsvExport];

let failed = 0;
for (const bench of benches) {
  const { name, ok, summary } = await bench();
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${summary}`);
}
process.exitCode = failed ? 1 : 0;
