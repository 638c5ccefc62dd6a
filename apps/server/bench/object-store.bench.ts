// A 10 MiB file through the built server into an S3-compatible object store (s3rver, in this
// process) and back: the server streams both ways, so its memory must not grow with the file.
import { createTestDatabase } from '@forms-engine/db/testing';
import { startS3Server } from '../test/s3-server.ts';
import { type BenchLine, json, postgresAnswers, rssGrowthDuring } from './http.bench.ts';
import { freePort, type Running, startBuiltServer } from './processes.ts';

const MiB = 1024 * 1024;
const BUDGET_RSS_GROWTH_MB = 20;

export async function benchObjectStore(): Promise<BenchLine[]> {
  if (!(await postgresAnswers())) {
    return [{ name: 'object store', ok: true, summary: 'skipped: no Postgres answers at 127.0.0.1:5432' }];
  }
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  const s3 = await startS3Server();
  let server: Running | undefined;
  try {
    server = await startBuiltServer({
      ...s3.env,
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: `/tmp/fe-bench-s3-${await freePort()}`,
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
      UPLOAD_MAX_FILE_SIZE_MB: '11',
    });
    const base = server.url;
    const created = await json(`${base}/api/v1/questionnaires`, 'POST', { name: 'Files in S3' });
    await json(`${base}/api/v1/questionnaires/${created.id}/draft`, 'PUT', {
      schemaVersion: 1,
      questions: [{ id: 'f', code: 'file', type: 'FILE_UPLOAD' }],
    });
    const { publicId } = await json(`${base}/api/v1/questionnaires/${created.id}/publish`, 'POST');
    const { responseId } = await json(`${base}/public/v1/questionnaires/${publicId}/responses`, 'POST', {
      versionNumber: 1,
    });
    const bytes = new Uint8Array(10 * MiB).fill(7);
    // A fresh server builds its place index after it listens (a geocode request waits for it), and
    // loads the AWS SDK on its first upload: neither is the file's cost, so both happen first.
    await fetch(`${base}/public/v1/geocode?q=Paris`);
    const warm = new FormData();
    warm.append('file', new Blob([new Uint8Array(16)]), 'warm.bin');
    await fetch(`${base}/public/v1/responses/${responseId}/files?questionCode=file`, { method: 'POST', body: warm });

    const pid = server.child.pid!;
    const upload = await rssGrowthDuring(pid, async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'big.bin');
      const res = await fetch(`${base}/public/v1/responses/${responseId}/files?questionCode=file`, {
        method: 'POST',
        body: form,
      });
      return { status: res.status, fileId: ((await res.json()) as { fileId?: string }).fileId };
    });
    const download = await rssGrowthDuring(pid, async () => {
      const res = await fetch(
        `${base}/api/v1/questionnaires/${created.id}/responses/${responseId}/files/${upload.result.fileId}`,
      );
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) size += chunk.byteLength;
      return { status: res.status, size };
    });
    const ok =
      upload.result.status === 201 &&
      download.result.status === 200 &&
      download.result.size === bytes.length &&
      upload.growthMb < BUDGET_RSS_GROWTH_MB &&
      download.growthMb < BUDGET_RSS_GROWTH_MB;
    return [
      {
        name: '10 MiB upload and download through the object store (s3rver)',
        ok,
        summary:
          `upload ${upload.result.status}, server RSS +${upload.growthMb.toFixed(1)} MB; ` +
          `download ${download.result.status} (${download.result.size} bytes), server RSS +${download.growthMb.toFixed(1)} MB ` +
          `(budget ${BUDGET_RSS_GROWTH_MB} each)`,
      },
    ];
  } finally {
    await server?.stop();
    await s3.close();
    await database.dispose();
  }
}
