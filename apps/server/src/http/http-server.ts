import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { HttpTimeouts } from '../config.ts';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem.ts';

/** What Node's parser rejects before any route runs, answered as problem details too. */
function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const [status, title, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request was not received in time']
        : [400, 'Bad Request', 'VALIDATION_FAILED', 'The request is not valid HTTP/1.1'];
  const body = JSON.stringify({ type: 'about:blank', title, status, code, detail });
  return (
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export interface HttpServer {
  server: Server;
  /** Listens; rejects with a message naming the port when it is taken. */
  listen(port: number, host: string): Promise<AddressInfo>;
  /**
   * Graceful stop: no new connections; every response from now on (in flight ones included)
   * says `Connection: close`; connections are closed as they go idle. Resolves once all are.
   */
  drain(): Promise<void>;
}

/**
 * The HTTP server around the app, with the timeouts of the configuration: headers must be in
 * within `headersTimeoutMs`, a whole request (the largest upload on a slow link) within
 * `requestTimeoutMs`, and kept-alive connections idle no longer than `keepAliveTimeoutMs`.
 */
export function createHttpServer(app: RequestListener, timeouts: HttpTimeouts): HttpServer {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    app,
  );
  const active = new Set<ServerResponse>();
  let draining = false;

  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      if (draining) server.closeIdleConnections();
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable && !socket.writableEnded) socket.end(clientErrorResponse(error));
    else socket.destroy();
  });

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => {
          const taken = error.code === 'EADDRINUSE';
          reject(new Error(taken ? `Port ${port} on ${host} is already in use` : error.message, { cause: error }));
        };
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          resolve(server.address() as AddressInfo);
        });
      }),
    drain() {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      return closed;
    },
  };
}
