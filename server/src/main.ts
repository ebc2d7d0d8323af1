import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemoIfEmpty } from './ingest/demo/seed.ts';
import { newsSettings, startNewsRefresher } from './news/refresher.ts';

/** Boot: configuration, database and migrations, then the HTTP server; stop cleanly on a signal. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, "Configuration", for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, 'ledgerlight.db'),
    poolMax: config.DATABASE_POOL_MAX,
  });
  const applied = await migrateToLatest(database);
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.engine, location: database.location, migrations: applied }, 'database ready');
  // Issue 3: an empty database gets the demo universe before the first request, so pages show data offline.
  if (config.DEMO_DATA === 'auto') {
    const started = Date.now();
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) app.log.info({ securities: seeded.loaded, ms: Date.now() - started }, 'demo data seeded');
  }

  let news: { stop(): Promise<void> } | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await news?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`listening on ${config.PUBLIC_URL}`);
  news = startNewsRefresher({ db: database.db, settings: newsSettings(config), log: app.log });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
