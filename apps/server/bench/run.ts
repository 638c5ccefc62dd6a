// `pnpm bench`: benchmarks with budgets, one line each; exits 1 when one misses its budget.
import { benchAvailability } from './availability.bench.ts';
import { benchCsvExport } from './csv-export.ts';
import { benchGeocode } from './geocode.bench.ts';
import { benchHttp } from './http.bench.ts';
import { benchObjectStore } from './object-store.bench.ts';
import { benchSoak } from './soak.bench.ts';
import { benchMoreTypesSummary, benchSummary } from './summary.bench.ts';

type Line = { name: string; ok: boolean; summary: string };
const benches: (() => Promise<Line | Line[]>)[] = [
  benchGeocode,
  () => import('./management-token.bench.ts').then((bench) => bench.benchManagementToken()),
  benchCsvExport,
  benchHttp,
  benchAvailability,
  benchSummary,
  benchMoreTypesSummary,
  benchObjectStore,
  benchSoak,
];

let failed = 0;
for (const bench of benches) {
  for (const { name, ok, summary } of [await bench()].flat()) {
    if (!ok) failed++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${summary}`);
  }
}
process.exitCode = failed ? 1 : 0;
