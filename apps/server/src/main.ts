import { openDatabase, pgliteDirFor } from '@forms-engine/db';
import { createApp } from './app.ts';
import { buildDeps } from './build-deps.ts';
import { loadConfig, startWarnings } from './config.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger, type Logger } from './logger.ts';
import { startAccountsHousekeeping } from './services/accounts/housekeeping.ts';
import { setupCodeToPrint } from './services/accounts/setup.ts';
import { startFileSweeper } from './services/orphan-files.ts';
import { startWebhookSender } from './webhooks/webhook-sender.ts';

/** Exits once the log lines written so far have reached stdout. */
function exitAfterLogs(logger: Logger, code: number): never {
  logger.flushSync();
  process.exit(code);
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  for (const warning of startWarnings(config)) logger.warn(warning);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  const applied = await db.migrate();
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const deps = buildDeps(db, config, logger);
  const fail = async (error: Error) => {
    logger.fatal(error.message);
    await db.close();
    return exitAfterLogs(logger, 1);
  };
  // A bucket that is missing or unreachable stops the start here, with what to fix.
  await deps.storage.check().catch(fail);
  const stopListening = await deps.publicQuestionnaires.subscribe(db);
  // With MANAGEMENT_PORT, two servers: the public surface on PORT, the management one on its own.
  const management = config.management;
  const http = createHttpServer(createApp({ deps, logger, surface: management ? 'public' : 'all' }), config.http);
  const managementHttp =
    management && createHttpServer(createApp({ deps, logger, surface: 'management' }), config.http);
  const servers = managementHttp ? [http, managementHttp] : [http];
  const address = await http.listen(config.port, config.host).catch(fail);
  const managementAddress =
    managementHttp && (await managementHttp.listen(management.port, management.host).catch(fail));
  // Index the offline place data now, in slices, while requests are already answered.
  deps.geocoder.warmUp();
  const stopFileSweeper = startFileSweeper(deps, logger);
  const stopWebhookSender = await startWebhookSender(deps, db.listen, logger);
  const stopAccountsHousekeeping = startAccountsHousekeeping(deps, logger);
  // The bound port, not the configured one: PORT=0 picks a free port (tests rely on it).
  logger.info(
    {
      port: address.port,
      managementPort: managementAddress?.port,
      database: db.kind,
      dataDir: config.dataDir,
      fileStorage: deps.storage.kind,
      rateLimits: deps.rateLimitCounters.kind,
    },
    'Forms Engine listening',
  );
  const editorHost = management ? management.host : config.host;
  const shownHost = editorHost === '0.0.0.0' || editorHost === '::' ? 'localhost' : editorHost;
  const editorUrl = `http://${shownHost}:${managementAddress?.port ?? address.port}/`;
  logger.info({ url: editorUrl }, `Editor at ${editorUrl}`);
  if (config.authMode === 'accounts') {
    // Until the first owner exists, every process shows the deployment's one code.
    const code = await setupCodeToPrint(deps);
    if (code) logger.warn(`No account yet: open the editor and enter the setup code ${code} to create the first owner`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceMs;
    logger.info({ signal, graceMs }, 'shutting down');
    // Open connections get the keep-alive timeout to send their last requests, but never so
    // long that idle ones alone would outlast the grace period.
    const windowMs = Math.min(config.http.keepAliveTimeoutMs, graceMs / 2);
    const drained = Promise.all(
      servers.map((server, index) =>
        server.drain({
          windowMs,
          log: (message, fields) => logger.info({ server: index === 0 ? 'public' : 'management', ...fields }, message),
        }),
      ),
    );
    const force = setTimeout(() => {
      logger.error({ graceMs }, 'requests still running after the grace period; exiting');
      for (const server of servers) server.cut();
      exitAfterLogs(logger, 1);
    }, graceMs).unref();
    // The background work stops at once; the cache keeps listening while requests are answered.
    await Promise.all([drained, stopFileSweeper(), stopWebhookSender(), stopAccountsHousekeeping()]);
    await stopListening();
    await deps.rateLimitCounters.close();
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
