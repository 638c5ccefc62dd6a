// Offline geocoder benchmark: index build time, the memory the index holds, and lookup speed.
// Targets: a lookup well under a millisecond (p99 < 1 ms), heap held under HEAP_BUDGET_MB.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadOfflineData, OfflineGeocoder } from '../src/geocode/offline-geocoder.ts';

const HEAP_BUDGET_MB = 150;
const P99_BUDGET_MS = 1;
const QUERIES = [
  'sa',
  'san',
  'springf',
  'Springfield',
  'Paris, Texas',
  '12 Main St, Springfield, IL 62701',
  'mü',
  'new y',
  'zurich',
  '627',
  '90210',
  'Qqxyzzy',
];

const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** A full collection before each memory reading, without needing `node --expose-gc`. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export async function benchGeocode(): Promise<{ name: string; ok: boolean; summary: string }> {
  const gc = collector();
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const data = loadOfflineData();
  const buildMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const after = process.memoryUsage();
  const heapMb = (after.heapUsed - before.heapUsed) / 1_048_576;

  const geocoder = new OfflineGeocoder();
  const durations: number[] = [];
  const until = performance.now() + 1_500;
  while (performance.now() < until) {
    for (const q of QUERIES) {
      for (const [limit, country] of [
        [5, undefined],
        [20, undefined],
        [20, 'US'],
      ] as const) {
        const t = performance.now();
        geocoder.lookup({ q, limit, country });
        durations.push(performance.now() - t);
      }
    }
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number) => (durations[Math.floor(fraction * (durations.length - 1))] ?? 0) * 1000;
  const total = durations.reduce((sum, d) => sum + d, 0);
  const perSecond = Math.round(durations.length / (total / 1000));
  const p99Ms = at(0.99) / 1000;
  return {
    name: `geocode offline (${data.places.placeCount} places, ${data.places.keyCount} keys, ${data.postalCodes.size} ZIP codes)`,
    ok: p99Ms < P99_BUDGET_MS && heapMb < HEAP_BUDGET_MB,
    summary:
      `${perSecond.toLocaleString('en')} lookups/s, p50 ${at(0.5).toFixed(0)} µs, p99 ${at(0.99).toFixed(0)} µs; ` +
      `built in ${buildMs.toFixed(0)} ms; heap used +${mib(after.heapUsed - before.heapUsed)} MiB ` +
      `(budget ${HEAP_BUDGET_MB}), rss +${mib(after.rss - before.rss)} MiB`,
  };
}
