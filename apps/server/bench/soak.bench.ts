// Memory over time: the built server on Postgres under the respondent flow (32 concurrent flows of
// create, three saves, complete), 50,000 flows after a warm-up of 5,000: a few minutes on this
// machine. The length is counted in flows, not seconds, so a slow machine does as much work as a
// fast one: a cost per flow (the leak of issue 21, 250 bytes a flow) shows whatever the load.
// The budget is on the heap used after a forced GC, before and after; RSS is printed too, but it
// moves with what the allocator keeps and the machine's load, and is no budget.
// BENCH_SOAK_SNAPSHOTS=<dir> also writes heap snapshots at both points, to compare by constructor
// (Chrome DevTools' Comparison view).
import { createTestDatabase } from '@forms-engine/db/testing';
import { type BenchLine, definition, json, postgresAnswers, respondentFlows } from './http.bench.ts';
import { freePort, type HeapReading, heapAfterGc, startProbedServer, writeHeapSnapshot } from './processes.ts';

const WARMUP_FLOWS = Number(process.env.BENCH_SOAK_WARMUP_FLOWS ?? 5_000);
const SOAK_FLOWS = Number(process.env.BENCH_SOAK_FLOWS ?? 50_000);
/** Readings between the start and the end, so a trend shows (levelling off, or not). */
const READINGS = 3;
const SNAPSHOTS = process.env.BENCH_SOAK_SNAPSHOTS;
const BUDGET_HEAP_GROWTH_MB = 10;
const MiB = 1024 * 1024;

const mb = (bytes: number) => (bytes / MiB).toFixed(1);

export async function benchSoak(): Promise<BenchLine[]> {
  const name =
    `soak: heap after GC around ${SOAK_FLOWS.toLocaleString('en')} respondent flows ` +
    `(32 concurrent: create, 3 saves, complete; after ${WARMUP_FLOWS.toLocaleString('en')} to warm up)`;
  if (!(await postgresAnswers()))
    return [{ name, ok: true, summary: 'skipped: no Postgres answers at 127.0.0.1:5432' }];
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  const server = await startProbedServer({
    DATABASE_URL: database.databaseUrl!,
    DATA_DIR: `/tmp/fe-bench-${await freePort()}`,
    RATE_LIMIT_PUBLIC_WRITES: '0',
    RATE_LIMIT_GEOCODE: '0',
  });
  const snapshot = async (label: string) => {
    if (SNAPSHOTS) await writeHeapSnapshot(server, `${SNAPSHOTS}/soak-${label}.heapsnapshot`);
  };
  try {
    const base = server.url;
    // A geocode request waits for the offline index, which is built after listen: the start's
    // reading includes it, as a running server holds it.
    await json(`${base}/public/v1/geocode?q=Springfield`, 'GET');
    const started = await heapAfterGc(server);

    const created = await json(`${base}/api/v1/questionnaires`, 'POST', { name: 'Soak' });
    await json(`${base}/api/v1/questionnaires/${created.id}/draft`, 'PUT', definition());
    const { publicId } = await json(`${base}/api/v1/questionnaires/${created.id}/publish`, 'POST');

    const warmUp = await respondentFlows(base, publicId, { flows: WARMUP_FLOWS });
    const before = await heapAfterGc(server);
    await snapshot('before');
    const readings: HeapReading[] = [];
    let flows = 0;
    let seconds = 0;
    let failed = warmUp.failed;
    for (let i = 0; i < READINGS; i++) {
      const result = await respondentFlows(base, publicId, { flows: Math.ceil(SOAK_FLOWS / READINGS) });
      flows += result.flows;
      seconds += result.seconds;
      failed += result.failed;
      readings.push(await heapAfterGc(server));
    }
    await snapshot('after');
    const after = readings.at(-1) as HeapReading;
    const growth = (after.heapUsed - before.heapUsed) / MiB;
    return [
      {
        name: 'server at start (geocoder index built), after GC',
        ok: true,
        summary: `heap ${mb(started.heapUsed)} MB, external ${mb(started.external)} MB, RSS ${mb(started.rss)} MB`,
      },
      {
        name,
        ok: growth < BUDGET_HEAP_GROWTH_MB && failed === 0 && flows > 0,
        summary:
          `${flows} flows in ${Math.round(seconds)} s, ${failed} failed; heap ${mb(before.heapUsed)} -> ` +
          `${readings.map((reading) => mb(reading.heapUsed)).join(' -> ')} MB ` +
          `(${growth < 0 ? '' : '+'}${growth.toFixed(1)} MB, budget ${BUDGET_HEAP_GROWTH_MB}); ` +
          `RSS ${mb(before.rss)} -> ${readings.map((reading) => mb(reading.rss)).join(' -> ')} MB (not budgeted)`,
      },
    ];
  } finally {
    await server.stop();
    await database.dispose();
  }
}
