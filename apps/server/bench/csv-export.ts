// CSV export benchmark: rows per second and peak heap growth while streaming a large export.
// Target: heap growth stays flat (under HEAP_BUDGET_MB) whatever the row count, since the export
// reads keyset batches and never holds the whole file.
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@forms-engine/db/testing';
import { buildDeps } from '../src/build-deps.ts';
import { loadConfig } from '../src/config.ts';
import { responseCsv } from '../src/services/response-csv.ts';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 30_000);
const HEAP_BUDGET_MB = 64;

export async function benchCsvExport(): Promise<{ name: string; ok: boolean; summary: string }> {
  const database = await createTestDatabase();
  try {
    const { prisma } = database.db;
    const questionnaireId = randomUUID();
    const questions = Array.from({ length: 10 }, (_, i) => ({ id: `q${i}`, code: `c${i}`, type: 'SHORT_TEXT' }));
    const definition = { schemaVersion: 1, steps: [], tabs: [], questions };
    await prisma.questionnaire.create({
      data: { id: questionnaireId, publicId: 'bench', name: 'Bench', draft: definition, currentVersion: 1 },
    });
    await prisma.questionnaireVersion.create({ data: { questionnaireId, versionNumber: 1, definition } });
    // Written straight into the table: the bench measures the export, not the seeding.
    const answers = Object.fromEntries(questions.map((q) => [q.code, `an answer to ${q.code}, with "quotes"`]));
    await prisma.$executeRawUnsafe(
      `INSERT INTO response (id, questionnaire_id, version_number, language, answers, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 1, 'en', $2::jsonb, now() - (g * interval '10 milliseconds'), now()
       FROM generate_series(1, ${ROWS}) AS g`,
      questionnaireId,
      answers,
    );
    // As autovacuum would have done long before anyone exported this many responses.
    await prisma.$executeRawUnsafe('ANALYZE response');

    const deps = buildDeps(database.db, loadConfig({ LOG_LEVEL: 'silent' }));
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    let bytes = 0;
    let lines = 0;
    const started = performance.now();
    const { lines: stream } = await responseCsv(deps, questionnaireId, {});
    for await (const chunk of stream) {
      bytes += chunk.length;
      lines += chunk.split('\r\n').length - 1;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - started) / 1000;
    const growthMb = (peak - heapBefore) / 1024 / 1024;
    const ok = lines === ROWS + 1 && growthMb < HEAP_BUDGET_MB;
    return {
      name: `csv export (${database.db.kind}, ${ROWS} rows)`,
      ok,
      summary: `${Math.round(ROWS / seconds)} rows/s, ${(bytes / 1024 / 1024).toFixed(1)} MiB written, peak heap growth ${growthMb.toFixed(1)} MiB (budget ${HEAP_BUDGET_MB})`,
    };
  } finally {
    await database.dispose();
  }
}
