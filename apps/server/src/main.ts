import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** A shutdown that has not finished after this long exits anyway (a request or tick that hangs). */
const SHUTDOWN_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  // Graceful shutdown (docs/deploy.md): app.close() stops accepting connections, lets in-flight
  // requests and the running background tick finish, then closes the database. A second signal,
  // or the timeout, exits at once: whatever was cut off is recovered by the next start (leases).
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and the background tick');
    setTimeout(() => {
      app.log.error('shutdown timed out: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.background.start(config.background.tickSeconds);
  app.log.info(
    { database: app.database.kind, dataDir: config.dataDir },
    `SMM panel ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
