// Issue 24: what a limit and quotas cost the respondent. Completions that count take a
// per-questionnaire lock in their transaction (services/guarded-completion.ts) and so decide one
// after another; the budget says that costs at most a fifth of the completions a second that a
// questionnaire without them gets, under the same 32 concurrent respondents.
import { createTestDatabase } from '@forms-engine/db/testing';
import { type BenchLine, definition, json, postgresAnswers, respondentFlows } from './http.bench.ts';
import { freePort, type Running, startBuiltServer } from './processes.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUDGET_RATIO = 0.8;

/** Both match every bench response: each completion counts for the limit and for two quotas. */
const quota = (id: string, questionCode: string) => ({
  id,
  name: id,
  limit: 1_000_000_000,
  rule: { combinator: 'ALL', conditions: [{ source: 'ANSWER', questionCode, operator: 'IS_NOT_EMPTY' }] },
});

async function published(base: string, settings: Record<string, unknown>): Promise<string> {
  const created = await json(`${base}/api/v1/questionnaires`, 'POST', { name: 'Bench' });
  await json(`${base}/api/v1/questionnaires/${created.id}/draft`, 'PUT', definition());
  const { publicId } = await json(`${base}/api/v1/questionnaires/${created.id}/publish`, 'POST');
  await json(`${base}/api/v1/questionnaires/${created.id}`, 'PATCH', settings);
  return publicId;
}

export async function benchAvailability(): Promise<BenchLine[]> {
  const name =
    'completions per second with a limit and two quotas under 32 concurrent respondents as a ratio to completions without them';
  if (!(await postgresAnswers()))
    return [{ name, ok: true, summary: 'skipped: no Postgres answers at 127.0.0.1:5432' }];
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  let server: Running | undefined;
  try {
    server = await startBuiltServer({
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: `/tmp/fe-bench-${await freePort()}`,
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
    });
    const base = server.url;
    const plain = await published(base, {});
    const counted = await published(base, {
      maxCompletedResponses: 1_000_000_000,
      quotas: [quota('first', 'question_0'), quota('ninth', 'question_8')],
    });
    // Warm both paths up, then alternate (plain, counted, counted, plain): a shared machine's
    // drift falls on both sides alike.
    await respondentFlows(base, plain, { seconds: 2 });
    await respondentFlows(base, counted, { seconds: 2 });
    const rates = { plain: 0, counted: 0, failed: 0 };
    for (const which of ['plain', 'counted', 'counted', 'plain'] as const) {
      const run = await respondentFlows(base, which === 'plain' ? plain : counted, { seconds: SECONDS });
      rates[which] += run.flows / SECONDS / 2;
      rates.failed += run.failed;
    }
    const ratio = rates.counted / rates.plain;
    return [
      {
        name,
        ok: ratio >= BUDGET_RATIO && rates.failed === 0,
        summary:
          `${Math.round(rates.counted)} vs ${Math.round(rates.plain)} completions/s (whole flows: create, 3 saves, complete) = ` +
          `${(ratio * 100).toFixed(0)}% (budget ${BUDGET_RATIO * 100}%), ${rates.failed} failed`,
      },
    ];
  } finally {
    await server?.stop();
    await database.dispose();
  }
}
