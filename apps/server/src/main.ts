import { buildApp } from './app';
import { startTicker } from './background/ticker';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let stopTicker = () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopTicker();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Orders go to their providers, statuses come back, refunds and auto-order runs happen here; charges
  // past their 3 hours lapse and deposits left unmatched by a stopped process are matched.
  stopTicker = startTicker(
    [
      { name: 'orders', tick: () => app.services.worker.tick() },
      { name: 'charges', tick: () => app.services.chargeWorker.tick() },
    ],
    config.background.tickSeconds,
    app.log,
  );
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
