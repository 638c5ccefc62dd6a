import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { HttpTimeouts } from '../config.ts';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem.ts';

/** A whole HTTP/1.1 answer with a problem body, for the stages before Express (the socket is closed after it). */
function rawProblem(
  status: number,
  title: string,
  code: string,
  detail: string,
  headers: Record<string, string> = {},
): string {
  const body = JSON.stringify({ type: 'about:blank', title, status, code, detail });
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return (
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n${extra.join('')}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** What Node's parser rejects before any route runs, answered as problem details too. */
function clientErrorResponse(error: NodeJS.ErrnoException): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return rawProblem(431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return rawProblem(408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request was not received in time');
  }
  return rawProblem(400, 'Bad Request', 'VALIDATION_FAILED', 'The request is not valid HTTP/1.1');
}

/** Every method some path of the server answers; CONNECT is none of them. */
const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CONNECT never reaches the app: Node hands it to the server's `connect` event and, with no
 * listener, destroys the socket (a client sees the connection drop). It is answered here: this
 * server is no proxy. (An Upgrade request Node hands to the app as the plain request it also
 * is, since nothing listens to `upgrade`.)
 */
const CONNECT_RESPONSE = rawProblem(
  405,
  'Method Not Allowed',
  'METHOD_NOT_ALLOWED',
  'This server does not take CONNECT: it is not a proxy',
  { Allow: SERVED_METHODS },
);

export type DrainLog = (message: string, fields?: Record<string, unknown>) => void;

export interface HttpServer {
  server: Server;
  /** Listens; rejects with a message naming the port when it is taken. */
  listen(port: number, host: string): Promise<AddressInfo>;
  /**
   * Graceful stop (see `drain` below); `log` hears each phase. Resolves once every connection
   * is closed.
   */
  drain(options?: { log?: DrainLog; windowMs?: number }): Promise<void>;
  /** Closes every connection at once, requests in flight included (past the grace period). */
  cut(): void;
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
  let windowOver = false;

  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      // Past the window, a connection whose answer had begun before the drain (so without
      // Connection: close) is closed as soon as it falls idle.
      if (windowOver) server.closeIdleConnections();
    });
  });
  server.on('connect', (_req, socket: Socket) => {
    socket.on('error', () => undefined);
    socket.end(CONNECT_RESPONSE);
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
    /**
     * 1. Stop listening: new connections are refused (a load balancer moves to another process).
     * 2. For `windowMs` (the keep-alive timeout unless told), open connections are left alone:
     *    a request arriving on one is answered, with `Connection: close`, and the connection
     *    then ends. Closing idle
     *    connections at once (what Node's `server.close()` does) cuts the requests a client is
     *    sending on them at that moment: the 502s of a rolling restart.
     * 3. Then connections still idle are closed; requests in flight (a slow upload) run on
     *    until they finish, each ending its connection. Resolves when none is left.
     */
    drain({ log, windowMs = timeouts.keepAliveTimeoutMs } = {}) {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
      // net.Server's close: stop listening without http.Server's closeIdleConnections.
      net.Server.prototype.close.call(server);
      log?.('not accepting new connections; answering open ones with Connection: close', {
        inFlight: active.size,
        windowMs,
      });
      const window = setTimeout(() => {
        windowOver = true;
        server.closeIdleConnections();
        if (active.size > 0)
          log?.('idle connections closed; waiting for requests in flight', { inFlight: active.size });
      }, windowMs);
      window.unref();
      return closed.then(() => {
        clearTimeout(window);
        log?.('connections drained');
      });
    },
    cut() {
      server.closeAllConnections();
    },
  };
}
