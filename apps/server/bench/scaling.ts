// How the response queries grow with the number of responses: `pnpm --filter @forms-engine/server
// bench:scaling` (Postgres only; a few minutes). Prints each query's plan and time at 10k, 100k and
// 1M responses of one questionnaire, the summary's time and its statements' plans (a second
// questionnaire of as many responses), and the CSV export's speed. Figures go to docs/performance.md.
// Browse's pages and total have a budget at every size (BROWSE_BUDGET_MS); a miss exits 1.
import { createTestDatabase } from '@forms-engine/db/testing';
import { buildDeps } from '../src/build-deps.ts';
import { loadConfig } from '../src/config.ts';
import { browseResponses } from '../src/services/response-admin.ts';
import { responseCsv } from '../src/services/response-csv.ts';
import { responseSummary } from '../src/services/response-summary.ts';
import { SORT_MEMORY } from '../src/services/response-summary-sql.ts';
import { insertSummaryResponses, SUMMARY_DEFINITION } from './summary-data.ts';

const SIZES = (process.env.SCALING_SIZES ?? '10000,100000,1000000').split(',').map(Number);
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

// Filling a million rows takes longer than the server's statement timeout.
const database = await createTestDatabase({ statementTimeoutMs: 30 * 60_000 });
const { prisma, sql } = database.db;
const deps = buildDeps(database.db, loadConfig({ LOG_LEVEL: 'silent' }));
const questionnaireId = '00000000-0000-4000-8000-00000000000a';
const questions = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}`, code: `c${i}`, type: 'SHORT_TEXT' }));
const definition = { schemaVersion: 1, steps: [], tabs: [], questions };
await prisma.questionnaire.create({
  data: { id: questionnaireId, publicId: 'scaling', name: 'Scaling', draft: definition, currentVersion: 1 },
});
await prisma.questionnaireVersion.create({ data: { questionnaireId, versionNumber: 1, definition } });
// The summary's questionnaire: twelve questions of the usual types, answers that vary (bench/summary-data.ts).
const summaryId = '00000000-0000-4000-8000-00000000000b';
await prisma.questionnaire.create({
  data: { id: summaryId, publicId: 'scaling-summary', name: 'Summary', draft: SUMMARY_DEFINITION, currentVersion: 1 },
});
await prisma.questionnaireVersion.create({
  data: { questionnaireId: summaryId, versionNumber: 1, definition: SUMMARY_DEFINITION },
});
const answers = Object.fromEntries(
  questions.map((q) => [q.code, `An answer of about a hundred characters. `.repeat(2)]),
);

type Explain = (query: string, params: unknown[]) => Promise<{ 'QUERY PLAN': string }[]>;
const explainSql: Explain = (query, params) => sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
/** As the summary's scan runs: in a transaction with its sort memory (services/response-summary-sql.ts). */
const explainWithSortMemory: Explain = async (query, params) =>
  (
    await prisma.$transaction([
      prisma.$executeRawUnsafe(`SET LOCAL work_mem = '${SORT_MEMORY}'`),
      prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, ...params),
    ])
  )[1];

/** The plan's first line (its top node), its index use, and the execution time. */
async function plan(label: string, query: string, params: unknown[], explain = explainSql) {
  const rows = await explain(query, params);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const indexes = [...new Set(lines.flatMap((line) => /using (\w+)/.exec(line)?.[1] ?? []))];
  const seqScan = lines.some((line) => line.includes('Seq Scan'));
  const time = lines.find((line) => line.startsWith('Execution Time'));
  const spilled = lines.some((line) => /Sort Method: external|Disk:|temp (read|written)=/.test(line))
    ? '; SPILLED TO DISK'
    : '';
  console.log(`  ${label}: ${time}; ${seqScan ? 'SEQ SCAN' : `index ${indexes.join(', ') || '(none)'}`}${spilled}`);
}

/** Any browse page, any filter, at any size: the budget of issue 21. */
const BROWSE_BUDGET_MS = 50;
const missed: string[] = [];

/**
 * One browse request as the service answers it (the questionnaire's lookup and the page's one
 * statement): median of 11 after a warm-up, against its budget; then the statement's plan.
 */
async function browse(label: string, filter: Parameters<typeof browseResponses>[2], page: number) {
  const statements: { text: string; params: unknown[] }[] = [];
  const recordingSql = {
    query: <Row>(text: string, params: unknown[] = [], name?: string) => {
      statements.push({ text, params });
      return sql.query<Row>(text, params, name);
    },
    transaction: sql.transaction,
  };
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < 12; run++) {
    statements.length = 0;
    const started = performance.now();
    const result = await browseResponses({ ...deps, sql: recordingSql }, questionnaireId, filter, { page, size: 50 });
    if (run > 0) times.push(performance.now() - started);
    total = result.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const verdict = median <= BROWSE_BUDGET_MS ? 'ok' : 'BUDGET MISSED';
  if (verdict !== 'ok') missed.push(`${label}: ${median.toFixed(1)} ms`);
  console.log(
    `  ${label} (page ${page}, total ${total}): ${median.toFixed(1)} ms (median of 11; best ${times[0]?.toFixed(1)} ms); budget ${BROWSE_BUDGET_MS} ms: ${verdict}`,
  );
  for (const { text, params } of statements) await plan('    its statement', text, params);
}

const statementName = (text: string) =>
  text.includes('AS samples') ? 'text samples' : text.includes('AS countries') ? 'countries' : 'the one scan';

/**
 * The summary's time (best and median of 3), then the plan of each of its statements: the scan goes
 * through Prisma (its transaction), the others through `sql`; both are recorded on their way.
 */
async function summary(label: string, filter: Parameters<typeof responseSummary>[2]) {
  const statements: { text: string; params: unknown[]; explain: Explain }[] = [];
  const recordingSql = {
    query: <Row>(text: string, params: unknown[] = [], name?: string) => {
      statements.push({ text, params, explain: explainSql });
      return sql.query<Row>(text, params, name);
    },
    transaction: sql.transaction,
  };
  const recordingPrisma = new Proxy(prisma, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== '$queryRawUnsafe') return typeof value === 'function' ? value.bind(target) : value;
      return (text: string, ...params: unknown[]) => {
        statements.push({ text, params, explain: explainWithSortMemory });
        return target.$queryRawUnsafe(text, ...params);
      };
    },
  });
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    statements.length = 0;
    const started = performance.now();
    await responseSummary({ ...deps, sql: recordingSql, prisma: recordingPrisma }, summaryId, filter);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`  summary, ${label}: ${times[1]?.toFixed(0)} ms (median of 3; best ${times[0]?.toFixed(0)} ms)`);
  for (const { text, params, explain } of statements) {
    await plan(`    ${statementName(text)}`, text, params, explain);
  }
}

let total = 0;
for (const size of SIZES) {
  await insertSummaryResponses(sql, summaryId, total + 1, size);
  await sql.query(
    `INSERT INTO response (id, questionnaire_id, version_number, language, external_ref, status, answers, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 1, CASE WHEN g % 10 = 0 THEN 'de' ELSE 'en' END, 'ref-' || (g % 1000), CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END::"ResponseStatus",
            $2::jsonb, now() - ((g + $3) * interval '10 milliseconds'), now()
     FROM generate_series(1, $4) AS g`,
    [questionnaireId, JSON.stringify(answers), total, size - total],
  );
  total = size;
  await sql.query('ANALYZE response');
  console.log(`${size} responses`);
  const pages = Math.ceil(size / 50);
  await browse('browse, first page', {}, 0);
  await browse('browse, page in the middle', {}, Math.floor(pages / 2));
  await browse('browse, last page', {}, pages - 1);
  await browse('browse total (a page past the end: the count alone)', {}, pages);
  await browse('browse COMPLETED, page in the middle', { status: 'COMPLETED' }, Math.floor(pages / 3 / 2));
  await browse(
    'browse version 1 and IN_PROGRESS, last page',
    { status: 'IN_PROGRESS', versionNumber: 1 },
    Math.floor((size * 2) / 3 / 50),
  );
  // One response in ten is German: a language's deep page is found from the counts, as a status's is.
  await browse('browse language de, page in the middle', { language: 'de' }, Math.floor(pages / 10 / 2));
  await browse(
    'browse language en and COMPLETED, last page',
    { language: 'en', status: 'COMPLETED' },
    Math.floor((size * 0.3) / 50),
  );
  await browse('browse by externalRef (counted by its index), first page', { externalRef: 'ref-7' }, 0);
  await plan(
    'CSV batch after a cursor',
    `SELECT * FROM response r WHERE r.questionnaire_id = $1::uuid AND (r.created_at, r.id) < (now() - interval '1 hour', $2::uuid)
     ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
    [questionnaireId, questionnaireId],
  );
  const started = performance.now();
  let lines = 0;
  const { lines: csv } = await responseCsv(deps, questionnaireId, {});
  for await (const chunk of csv) lines += chunk.split('\r\n').length - 1;
  const seconds = (performance.now() - started) / 1000;
  await summary('all responses', {});
  await summary('COMPLETED only', { status: 'COMPLETED' });
  await summary('in German', { language: 'de' });
  console.log(
    `  CSV export in process: ${lines - 1} rows in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds)} rows/s`,
  );
}
await database.dispose();
if (missed.length > 0) {
  console.log(`Browse budget missed: ${missed.join('; ')}`);
  process.exitCode = 1;
}
