// The respondent hot paths through HTTP, against the built server on Postgres, each as a
// ratio to an Express hello app measured in the same run (this machine is shared and noisy).
import { request } from 'node:http';
import { createConnection } from 'node:net';
import { createTestDatabase } from '@forms-engine/db/testing';
import autocannon from 'autocannon';
import { freePort, type Running, rssOf, startBuiltServer, startHello } from './processes.ts';

export interface BenchLine {
  name: string;
  ok: boolean;
  summary: string;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const FLOW_CLIENTS = 32;
const CSV_ROWS = Number(process.env.BENCH_CSV_HTTP_ROWS ?? 100_000);
const MiB = 1024 * 1024;

const BUDGETS = {
  patchRatio: 0.3,
  patchP99Ms: 50,
  live200Ratio: 0.6,
  live304Ratio: 0.7,
  flowsPerSecond: 300,
  csvRowsPerSecond: 40_000,
  csvRssGrowthMb: 100,
  uploadRssGrowthMb: 20,
  coldStartMs: 3000,
  /** The script tag's budget (packages/embed-client/scripts/bundle-size.ts), now on the wire. */
  embedWireKb: 32,
};

/** What a browser sends (Chrome, Firefox, Safari): Brotli is picked. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const CODINGS = ['identity', 'gzip', 'br'] as const;

export const postgresAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(5432, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A 20-question definition of the usual types. */
export function definition() {
  const types = ['SHORT_TEXT', 'LONG_TEXT', 'NUMBER', 'EMAIL', 'DATE', 'YES_NO', 'RATING', 'CONSENT'] as const;
  const questions = Array.from({ length: 20 }, (_, i) => {
    const type = types[i % types.length]!;
    return { id: `q${i}`, code: `question_${i}`, type, prompt: `Question number ${i}, asked plainly` };
  });
  questions.push({ id: 'choice', code: 'choice', type: 'SINGLE_CHOICE', prompt: 'Pick one' } as never);
  (questions.at(-1) as { typeConfig?: unknown }).typeConfig = {
    choices: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  };
  return { schemaVersion: 1, steps: [{ id: 's1', title: 'One', questions }] };
}

/** About 2 KB of answers. */
const answers = () =>
  JSON.stringify({
    answers: Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `question_${i}`,
        `An answer of about a hundred characters, number ${i}. `.repeat(2),
      ]),
    ),
    lastPosition: { stepId: 's1' },
  });

export async function json(url: string, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A GET whose body is counted as sent (fetch would decode it): status, headers, transferred bytes. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; etag: string; coding: string; bytes: number; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'] ?? 'identity';
          resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag), coding, bytes: body.length, body });
        });
      })
        .on('error', reject)
        .end();
    },
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files of the script tag's first load: the loader, its module, and what the module imports statically. */
async function scriptTagFirstLoad(base: string): Promise<string[]> {
  const files = ['/embed/v1/embed.js'];
  const queue = ['/embed/v1/embed-module.js'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (files.includes(path)) continue;
    files.push(path);
    const res = await rawGet(`${base}${path}`, { 'accept-encoding': 'identity' });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads on demand.
    for (const match of res.body.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)) {
      queue.push(`/embed/v1/${match[1]}`);
    }
  }
  return files;
}

/**
 * Bytes on the wire for the script tag's first load (the loader, its module and the module's static
 * chunks) and for the editor's first load (index.html and the scripts and styles it links), as
 * identity, gzip and Brotli: what the server really sends, not a local gzip.
 */
async function transferredSizes(base: string): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const embed: Record<string, number> = {};
  const files = await scriptTagFirstLoad(base);
  for (const coding of CODINGS) {
    embed[coding] = 0;
    for (const file of files) {
      const res = await rawGet(`${base}${file}`, { 'accept-encoding': coding });
      // A file under 1 KB is sent as it is whatever was asked (compression.ts).
      if (res.status !== 200 || (res.coding !== coding && res.coding !== 'identity'))
        throw new Error(`${file} as ${coding}: ${res.status} ${res.coding}`);
      embed[coding] += res.bytes;
    }
  }
  const embedOk = (embed.gzip ?? Infinity) <= BUDGETS.embedWireKb * 1024 && (embed.br ?? Infinity) <= (embed.gzip ?? 0);
  lines.push({
    name: "the script tag's first load transferred",
    ok: embedOk,
    summary: `${files.length} files: ${kb(embed.identity!)} identity, ${kb(embed.gzip!)} gzip, ${kb(embed.br!)} br (budget ${BUDGETS.embedWireKb} KB)`,
  });

  const page = await rawGet(`${base}/`, { accept: 'text/html', 'accept-encoding': 'identity' });
  if (page.status !== 200) {
    lines.push({ name: "editor's first load transferred", ok: true, summary: 'skipped: the editor is not built' });
    return lines;
  }
  const linked = [...page.body.toString('utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  const totals: Record<string, number> = {};
  for (const coding of CODINGS) {
    let total = (await rawGet(`${base}/`, { accept: 'text/html', 'accept-encoding': coding })).bytes;
    for (const path of linked) total += (await rawGet(`${base}${path}`, { 'accept-encoding': coding })).bytes;
    totals[coding] = total;
  }
  lines.push({
    name: `editor's first load transferred (index.html + ${linked.length} linked files)`,
    ok: (totals.br ?? Infinity) < (totals.identity ?? 0) / 2,
    summary: `${kb(totals.identity!)} identity, ${kb(totals.gzip!)} gzip, ${kb(totals.br!)} br`,
  });
  return lines;
}

function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const rps = (result: autocannon.Result) => result.requests.total / (result.duration || SECONDS);
const failures = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;

const ROUNDS = 4;
const WARMUP_SECONDS = 1;

/**
 * A scenario and the hello ceiling, alternated in short rounds, so that whatever else the
 * machine does weighs on both alike: the ratio is total requests against total requests.
 */
async function againstCeiling(helloUrl: string, options: autocannon.Options) {
  const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
  let hello = 0;
  let done = 0;
  let seconds = 0;
  let failed = 0;
  let fastest304 = true;
  const p99s: number[] = [];
  // Unmeasured first second of each: the JIT compiles the path before its latency counts.
  await load({ url: helloUrl, duration: WARMUP_SECONDS });
  await load({ ...options, duration: WARMUP_SECONDS });
  for (let round = 0; round < ROUNDS; round++) {
    hello += (await load({ url: helloUrl, duration: slice })).requests.total;
    const result = await load({ ...options, duration: slice });
    done += result.requests.total;
    seconds += result.duration || slice;
    failed += failures(result);
    p99s.push(result.latency.p99);
    fastest304 &&= result.statusCodeStats?.['304']?.count === result.requests.total;
  }
  return { rps: done / seconds, ratio: done / hello, failed, p99: Math.max(...p99s), all304: fastest304 };
}

/** Peak RSS growth of `pid` while `work` runs, sampled every 20 ms. */
export async function rssGrowthDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; growthMb: number }> {
  const before = await rssOf(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, growthMb: (peak - before) / MiB };
  } finally {
    sampling = false;
    await sampler;
  }
}

/**
 * Respondent flows through autocannon's request sequence: each of FLOW_CLIENTS connections
 * creates a response, saves it three times and completes it, over and over. A flow counts when
 * its completion answers 200; any other status or error counts as failed. Runs for `seconds`,
 * or until about `flows` flows were made (autocannon counts requests: five a flow).
 */
export async function respondentFlows(
  url: string,
  publicId: string,
  length: { seconds: number } | { flows: number } = { seconds: SECONDS },
): Promise<{ flows: number; failed: number; seconds: number }> {
  const body = answers();
  let flows = 0;
  type Flow = { responseId?: string };
  const save = {
    method: 'PATCH' as const,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request: autocannon.Request, context: Flow) => ({
      ...request,
      path: `/public/v1/responses/${context.responseId}`,
      body,
    }),
  };
  const result = await load({
    url,
    connections: FLOW_CLIENTS,
    ...('flows' in length ? { amount: length.flows * 5 } : { duration: length.seconds }),
    requests: [
      {
        method: 'POST',
        path: `/public/v1/questionnaires/${publicId}/responses`,
        headers: { 'content-type': 'application/json' },
        body: '{"versionNumber":1}',
        onResponse: (status: number, responseBody: string, context: Flow) => {
          context.responseId = status === 201 ? (JSON.parse(responseBody) as Flow).responseId : 'missing';
        },
      },
      save,
      save,
      save,
      {
        method: 'POST',
        setupRequest: (request: autocannon.Request, context: Flow) => ({
          ...request,
          path: `/public/v1/responses/${context.responseId}/complete`,
        }),
        onResponse: (status: number) => {
          if (status === 200) flows++;
        },
      },
    ],
  });
  return { flows, failed: failures(result), seconds: result.duration };
}

export async function benchHttp(): Promise<BenchLine[]> {
  if (!(await postgresAnswers())) {
    return [{ name: 'http', ok: true, summary: 'skipped: no Postgres answers at 127.0.0.1:5432' }];
  }
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  let server: Running | undefined;
  let hello: Running | undefined;
  const lines: BenchLine[] = [];
  const line = (name: string, ok: boolean, summary: string) => lines.push({ name, ok, summary });
  try {
    const env = {
      DATABASE_URL: database.databaseUrl!,
      DATA_DIR: `/tmp/fe-bench-${await freePort()}`,
      RATE_LIMIT_PUBLIC_WRITES: '0',
      RATE_LIMIT_GEOCODE: '0',
      UPLOAD_MAX_FILE_SIZE_MB: '11',
    };
    server = await startBuiltServer(env);
    line(
      'cold start to /readyz',
      server.startMs < BUDGETS.coldStartMs,
      `${Math.round(server.startMs)} ms (budget ${BUDGETS.coldStartMs})`,
    );
    hello = await startHello();

    const base = server.url;
    const created = await json(`${base}/api/v1/questionnaires`, 'POST', { name: 'Bench' });
    await json(`${base}/api/v1/questionnaires/${created.id}/draft`, 'PUT', definition());
    const { publicId } = await json(`${base}/api/v1/questionnaires/${created.id}/publish`, 'POST');
    const ids: string[] = [];
    for (let i = 0; i < 256; i++) {
      ids.push(
        (await json(`${base}/public/v1/questionnaires/${publicId}/responses`, 'POST', { versionNumber: 1 })).responseId,
      );
    }
    const livePath = `/public/v1/questionnaires/${publicId}/live`;
    // Each coding has its own ETag: identity's for plain clients, Brotli's for browsers.
    const etag = (await rawGet(`${base}${livePath}`)).etag;
    const brEtag = (await rawGet(`${base}${livePath}`, { 'accept-encoding': BROWSER_ENCODINGS })).etag;

    const ceiling = rps(await load({ url: `${hello.url}/hello` }));
    line('express hello (ceiling)', true, `${Math.round(ceiling)} req/s`);
    const helloUrl = `${hello.url}/hello`;

    let next = 0;
    const body = answers();
    const patch = await againstCeiling(helloUrl, {
      url: base,
      requests: [
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, path: `/public/v1/responses/${ids[next++ % ids.length]}`, body }),
        },
      ],
    });
    line(
      'PATCH /public/v1/responses/{id} (2 KB answers)',
      patch.ratio >= BUDGETS.patchRatio && patch.p99 <= BUDGETS.patchP99Ms && patch.failed === 0,
      `${Math.round(patch.rps)} req/s = ${(patch.ratio * 100).toFixed(0)}% of hello (budget ${BUDGETS.patchRatio * 100}%), ` +
        `p99 ${patch.p99} ms (budget ${BUDGETS.patchP99Ms}), ${patch.failed} failed`,
    );

    const compressedPatch = await againstCeiling(helloUrl, {
      url: base,
      requests: [
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ENCODINGS },
          setupRequest: (request) => ({ ...request, path: `/public/v1/responses/${ids[next++ % ids.length]}`, body }),
        },
      ],
    });
    line(
      'PATCH /public/v1/responses/{id} (Accept-Encoding)',
      compressedPatch.ratio >= BUDGETS.patchRatio &&
        compressedPatch.p99 <= BUDGETS.patchP99Ms &&
        compressedPatch.failed === 0,
      `${Math.round(compressedPatch.rps)} req/s = ${(compressedPatch.ratio * 100).toFixed(0)}% of hello (budget ${BUDGETS.patchRatio * 100}%), ` +
        `p99 ${compressedPatch.p99} ms (budget ${BUDGETS.patchP99Ms}), ${compressedPatch.failed} failed`,
    );

    for (const [label, headers, validator] of [
      ['', {}, etag],
      [', Accept-Encoding: br', { 'accept-encoding': BROWSER_ENCODINGS }, brEtag],
    ] as const) {
      const live = await againstCeiling(helloUrl, { url: `${base}${livePath}`, headers });
      line(
        `GET live (200${label})`,
        live.ratio >= BUDGETS.live200Ratio && live.failed === 0,
        `${Math.round(live.rps)} req/s = ${(live.ratio * 100).toFixed(0)}% of hello (budget ${BUDGETS.live200Ratio * 100}%), p99 ${live.p99} ms`,
      );
      const notModified = await againstCeiling(helloUrl, {
        url: `${base}${livePath}`,
        headers: { ...headers, 'if-none-match': validator },
      });
      line(
        `GET live (304, If-None-Match${label})`,
        notModified.ratio >= BUDGETS.live304Ratio && notModified.all304,
        `${Math.round(notModified.rps)} req/s = ${(notModified.ratio * 100).toFixed(0)}% of hello (budget ${BUDGETS.live304Ratio * 100}%), p99 ${notModified.p99} ms`,
      );
    }

    lines.push(...(await transferredSizes(base)));

    const { flows, failed } = await respondentFlows(base, publicId);
    const flowRate = flows / SECONDS;
    line(
      `respondent flow (create, 3 saves, complete; ${FLOW_CLIENTS} concurrent)`,
      flowRate >= BUDGETS.flowsPerSecond && failed === 0,
      `${Math.round(flowRate)} flows/s (budget ${BUDGETS.flowsPerSecond}), ${flows} done, ${failed} failed`,
    );

    // CSV: CSV_ROWS responses written straight into the database, then exported over HTTP.
    await database.db.prisma.$executeRawUnsafe(
      `INSERT INTO response (id, questionnaire_id, version_number, language, answers, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 1, 'en', $2::jsonb, now() - (g * interval '1 millisecond'), now()
       FROM generate_series(1, ${CSV_ROWS}) AS g`,
      created.id,
      JSON.parse(body).answers,
    );
    // Autovacuum would have analysed a table that grew this much long before anyone exported it;
    // without statistics the planner sorts the whole set per batch (see docs/performance.md).
    await database.db.prisma.$executeRawUnsafe('ANALYZE response');
    const csv = await rssGrowthDuring(server.child.pid!, async () => {
      const started = performance.now();
      // As sent, uncompressed: the budget's measure (the coded export is the line below).
      const res = await fetch(`${base}/api/v1/questionnaires/${created.id}/responses/export.csv`, {
        headers: { 'accept-encoding': 'identity' },
      });
      // Count line ends in the bytes (no text decoding on the client's side of the measurement).
      let rows = -1;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) rows++;
      }
      return { rows, seconds: (performance.now() - started) / 1000 };
    });
    const rowsPerSecond = csv.result.rows / csv.result.seconds;
    line(
      `CSV export over HTTP (${csv.result.rows} rows)`,
      rowsPerSecond >= BUDGETS.csvRowsPerSecond && csv.growthMb < BUDGETS.csvRssGrowthMb,
      `${Math.round(rowsPerSecond)} rows/s (budget ${BUDGETS.csvRowsPerSecond}), server RSS +${csv.growthMb.toFixed(1)} MB (budget ${BUDGETS.csvRssGrowthMb})`,
    );

    // The same export as a browser gets it, Brotli-coded page by page: same budget, bytes counted as sent.
    const coded = await rssGrowthDuring(server.child.pid!, async () => {
      const started = performance.now();
      const res = await rawGet(`${base}/api/v1/questionnaires/${created.id}/responses/export.csv`, {
        'accept-encoding': BROWSER_ENCODINGS,
      });
      return { ...res, seconds: (performance.now() - started) / 1000 };
    });
    const codedRowsPerSecond = csv.result.rows / coded.result.seconds;
    line(
      `CSV export over HTTP (${csv.result.rows} rows, ${coded.result.coding})`,
      coded.result.coding === 'br' &&
        codedRowsPerSecond >= BUDGETS.csvRowsPerSecond &&
        coded.growthMb < BUDGETS.csvRssGrowthMb,
      `${Math.round(codedRowsPerSecond)} rows/s (budget ${BUDGETS.csvRowsPerSecond}), ${kb(coded.result.bytes)} sent, server RSS +${coded.growthMb.toFixed(1)} MB (budget ${BUDGETS.csvRssGrowthMb})`,
    );

    // Upload: a 10 MiB file streams to disk; the server's memory must not grow with it.
    const files = await json(`${base}/api/v1/questionnaires`, 'POST', { name: 'Files' });
    await json(`${base}/api/v1/questionnaires/${files.id}/draft`, 'PUT', {
      schemaVersion: 1,
      questions: [{ id: 'f', code: 'file', type: 'FILE_UPLOAD' }],
    });
    const filesPublished = await json(`${base}/api/v1/questionnaires/${files.id}/publish`, 'POST');
    const { responseId } = await json(`${base}/public/v1/questionnaires/${filesPublished.publicId}/responses`, 'POST', {
      versionNumber: 1,
    });
    const upload = await rssGrowthDuring(server.child.pid!, async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(10 * MiB).fill(7)]), 'big.bin');
      const res = await fetch(`${base}/public/v1/responses/${responseId}/files?questionCode=file`, {
        method: 'POST',
        body: form,
      });
      return res.status;
    });
    line(
      '10 MiB upload',
      upload.result === 201 && upload.growthMb < BUDGETS.uploadRssGrowthMb,
      `status ${upload.result}, server RSS +${upload.growthMb.toFixed(1)} MB (budget ${BUDGETS.uploadRssGrowthMb})`,
    );
  } finally {
    await server?.stop();
    await hello?.stop();
    await database.dispose();
  }
  return lines;
}
