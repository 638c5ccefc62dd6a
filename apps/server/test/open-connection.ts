import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface ConnectionAnswer {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One kept-alive HTTP/1.1 connection, held open by the test: requests go on exactly this socket
 * (an Agent would quietly open another), so "sent on an open connection" means what it says.
 * Answers must carry Content-Length (every JSON answer of the server does).
 */
export class OpenConnection {
  private received = Buffer.alloc(0);
  private wake: (() => void) | undefined;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    socket.on('error', () => undefined);
  }

  static async open(url: string): Promise<OpenConnection> {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    return new OpenConnection(socket);
  }

  /** Writes the request head (and `body`, if any); resolves with the answer, rejects if the socket closes first. */
  async request(method: string, path: string, body?: string): Promise<ConnectionAnswer> {
    if (this.closed) throw new Error('connection already closed');
    this.send(method, path, {
      'content-type': 'application/json',
      ...(body && { 'content-length': String(body.length) }),
    });
    if (body) this.socket.write(body);
    return this.answer();
  }

  /** Writes a request head only; the body follows with `write`. */
  send(method: string, path: string, headers: Record<string, string>): void {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    this.socket.write(`${method} ${path} HTTP/1.1\r\nHost: test\r\n${lines.join('')}\r\n`);
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** The next whole answer on this connection. */
  async answer(): Promise<ConnectionAnswer> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed) throw new Error('connection closed without an answer');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }

  /** Resolves once the server has closed the connection. */
  async untilClosed(): Promise<void> {
    while (!this.closed) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): ConnectionAnswer | undefined {
    const end = this.received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = this.received.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.received.length < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    this.received = this.received.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
