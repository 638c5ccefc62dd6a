import { openDatabase, pgliteDirFor } from '@forms-engine/db';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger, type Logger } from './logger.ts';
import { buildDeps } from './services/deps.ts';
import { startFileSweeper } from './services/orphan-files.ts';

/** How long in-flight requests get to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Exits once the log lines written so far have reached stdout. */
function exitAfterLogs(logger: Logger, code: number): never {
  logger.flushSync();
  process.exit(code);
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  const applied = await db.migrate();
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps = buildDeps(db, config, logger);
  const stopListening = await deps.publicQuestionnaires.subscribe(db);
  const http = createHttpServer(createApp({ deps, logger }), config.http);
  const address = await http.listen(config.port, config.host).catch(async (error: Error) => {
    logger.fatal(error.message);
    await db.close();
    exitAfterLogs(logger, 1);
  });
  // Index the offline place data now, in slices, while requests are already answered.
  deps.geocoder.warmUp();
  const stopFileSweeper = startFileSweeper(deps, logger);
  // The bound port, not the configured one: PORT=0 picks a free port (tests rely on it).
  logger.info({ port: address.port, database: db.kind, dataDir: config.dataDir }, 'Forms Engine listening');
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const editorUrl = `http://${shownHost}:${address.port}/`;
  logger.info({ url: editorUrl }, `Editor at ${editorUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const drained = http.drain(); // from here on every response says Connection: close
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running after the grace period; exiting');
      exitAfterLogs(logger, 1);
    }, SHUTDOWN_GRACE_MS).unref();
    await Promise.all([drained, stopFileSweeper(), stopListening()]);
    await db.close();
    clearTimeout(force);
    logger.info('stopped');
    exitAfterLogs(logger, 0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
