import { siteLink } from '@smm/domain';
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
  // The bound address, not a link: links name the site by config.publicUrl alone (siteLink).
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `listening on ${new URL(address).host}`,
  });
  app.background.start(config.background.tickSeconds);
  const ready: ReadyMessage = {
    type: 'smm-ready',
    siteUrl: siteLink(config.publicUrl, '/'),
    consoleUrl: siteLink(config.publicUrl, '/admin'),
    dataDir: config.dataDir,
    database: app.database.kind,
  };
  // Whether an answered order survives a power cut (docs/deploy.md "Durability"): said once, at start.
  const durability = await app.database.durability();
  if (durability.onDisk)
    app.log.info({ durability: durability.description }, 'commits are on disk before they answer');
  else app.log.warn({ durability: durability.description }, 'commits are NOT on disk before they answer');
  app.log.info({ database: ready.database, dataDir: ready.dataDir }, `SMM panel ready at ${ready.siteUrl}`);
  // Started by scripts/start.mjs (an IPC channel): it prints its summary from this, after the line
  // above is written, and a start.mjs that is gone (killed) takes the server with it.
  if (process.send) {
    process.send(ready);
    process.on('disconnect', () => {
      if (!closing) shutdown('SIGTERM');
    });
  }
}

/** What the server tells scripts/start.mjs once it listens (the links are made by siteLink). */
export interface ReadyMessage {
  type: 'smm-ready';
  siteUrl: string;
  consoleUrl: string;
  dataDir: string;
  database: string;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
