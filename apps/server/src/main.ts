import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, pgliteDirFor } from '@forms-engine/db';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { buildDeps } from './services/deps.ts';
import { startFileSweeper } from './services/orphan-files.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  const applied = await db.migrate();
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps = buildDeps(db.prisma, config, logger);
  deps.geocoder.warmUp(); // index the offline place data now, not on the first request
  const stopFileSweeper = startFileSweeper(deps, logger);
  const app = createApp({ deps, logger });
  const server: Server = app.listen(config.port, config.host, () => {
    // The bound port, not the configured one: PORT=0 picks a free port (tests rely on it).
    const { port } = server.address() as AddressInfo;
    logger.info({ port, database: db.kind, dataDir: config.dataDir }, 'Forms Engine listening');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close();
    server.closeIdleConnections();
    await new Promise((resolve) => server.once('close', resolve));
    await stopFileSweeper();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
