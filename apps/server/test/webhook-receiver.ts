import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { sleep } from './expect-problem.ts';

/** One request a receiver got, checked with the standardwebhooks reference library. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  contentType: string | undefined;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, any> };
  /** The secrets (of those the receiver holds) that verify this request on their own. */
  verifiedBy: string[];
  receivedAt: number;
  /** When the sender hung up before this receiver answered (a delayed reply cut off), if it did. */
  hungUpAt?: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

/** What the receiver answers the n-th request (from 0) at `path`; 204 unless told otherwise. */
export type Responder = (request: Received, index: number) => Reply;

/**
 * A real HTTP server on 127.0.0.1 that receives webhook requests, verifies every one with the
 * `standardwebhooks` library against the secrets it holds, and answers as the test says.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  respond: Responder = () => ({ status: 204 });
  private server: Server | undefined;
  private port = 0;

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    const server = createServer((req, res) => void receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.server = server;
    receiver.port = (server.address() as AddressInfo).port;
    return receiver;
  }

  /** An address of this receiver; each test uses its own path. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  get portNumber(): number {
    return this.port;
  }

  /** The requests that reached `path`. */
  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `path` got `count` requests (or the deadline passes, then fails). */
  async waitFor(path: string, count: number, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${path} got ${this.at(path).length} of ${count} requests within ${timeoutMs} ms`);
      }
      await sleep(25);
    }
    return this.at(path);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {
      'webhook-id': String(req.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
    };
    const verifiedBy = this.secrets.filter((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    const path = req.url ?? '/';
    const request: Received = {
      path,
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      contentType: req.headers['content-type'],
      body,
      payload: JSON.parse(body),
      verifiedBy,
      receivedAt: Date.now(),
    };
    const index = this.at(path).length;
    this.received.push(request);
    res.once('close', () => {
      if (!res.writableFinished) request.hungUpAt = Date.now();
    });
    const reply = this.respond(request, index);
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  }
}

/** Every request verified with the receiver's (only) secret. */
export function expectVerified(requests: Received[]) {
  for (const request of requests) {
    expect(request.verifiedBy, `request ${request.id} at ${request.path} verifies`).toHaveLength(1);
    expect(request.contentType).toBe('application/json');
  }
}
