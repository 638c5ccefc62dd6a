import { createServer, type Server, Socket } from 'node:net';

export interface Proxy {
  url: string;
  /** Refuses connections from now on (and cuts the open ones), as a stopped server does. */
  stop(): Promise<void>;
  /** Accepts connections again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of the real server, so a test can take "the server" away from the
 * browser and bring it back on the same address, as a restart does, without losing its data.
 */
export async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        upstream.connect(Number(targetPort), hostname, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { url: `http://127.0.0.1:${port}`, stop, start: listen, close: stop };
}
