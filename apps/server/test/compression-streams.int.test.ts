import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../src/http/compression.ts';

const ROWS = 4_000;
/** Incompressible-ish rows, so the compressor's output fills the socket and writes wait for `drain`. */
const row = (index: number) => `${index},${Buffer.from(crypto.getRandomValues(new Uint8Array(96))).toString('hex')}\n`;

/**
 * A streaming route written the common way: `await once(res, 'drain')` whenever a write says
 * wait. Behind the `compression` middleware each `once` used to leave a listener on the
 * compressor for good (its removal went to the response, where the listener never was), so a
 * long stream piled them up. The route counts its waits; Node warns past 10 listeners.
 */
describe('compression and streaming routes', () => {
  let url: string;
  let close: () => Promise<void>;
  let waits = 0;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeAll(async () => {
    process.on('warning', onWarning);
    const app = express();
    app.use(compressResponses());
    app.get('/stream', async (_req, res) => {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      for (let index = 0; index < ROWS; index++) {
        const written = res.write(row(index));
        // Flushed per write, as the CSV export flushes per page, so bytes reach the socket.
        (res as unknown as { flush(): void }).flush();
        if (!written) {
          waits++;
          await once(res, 'drain');
        }
      }
      res.end();
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await close();
  });

  it('a Brotli-coded stream that waits for drain hundreds of times leaves no listener behind', async () => {
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = request(`${url}/stream`, { headers: { 'accept-encoding': 'br' } }, async (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const chunks: Buffer[] = [];
        // A slow reader: the socket fills, so the route waits again and again.
        res.pause();
        for await (const chunk of res) {
          chunks.push(chunk as Buffer);
          await new Promise((wake) => setImmediate(wake));
        }
        resolve(Buffer.concat(chunks));
      });
      req.on('error', reject);
      req.end();
    });
    const text = brotliDecompressSync(body).toString('utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(ROWS);
    // The test means something only if the route did wait, many times over the warning's 10.
    expect(waits).toBeGreaterThan(20);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
