import { connect, createServer, type Socket } from 'node:net';

export interface SilentRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** From now on nothing passes either way, on open connections and new ones: a database that hangs. */
  hang(): void;
  /** Bytes pass again; connections opened or held while hanging are dropped (as a real network partition ends). */
  resume(): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` that can stop passing bytes without closing anything. */
export async function createSilentRelay(target: { host: string; port: number }): Promise<SilentRelay> {
  let hanging = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    if (hanging) {
      // Accepted, never answered: a connect that hangs.
      pairs.add([client, client]);
      client.on('error', () => undefined);
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const pass = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (!hanging) to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resume = () => {
    hanging = false;
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as { port: number }).port,
    hang() {
      hanging = true;
    },
    resume,
    async close() {
      resume();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
