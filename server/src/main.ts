import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, retiredSettingWarnings } from './config.ts';
import { type Database, migrateToLatest, openDatabase } from './db/index.ts';
import {
  checkDatabaseFile,
  checkDataDir,
  listenFailureLine,
  postgresCause,
  startupFailureLine,
} from './db/startup-errors.ts';
import { createMetrics } from './http/metrics.ts';
import { setRepairing } from './http/repair-gate.ts';
import { readDataGaps } from './ingest/data-status.ts';
import { seedDemoIfEmpty } from './ingest/demo/seed.ts';
import { HAND_MADE_TICKERS } from './ingest/demo/universe.ts';
import { type RepairReport, repairedAnything, repairLoads } from './ingest/repair.ts';
import { type MonthsFill, startMonthsFill } from './metrics/months-fill.ts';
import { type NewsRefresher, newsSettings, startNewsRefresher } from './news/refresher.ts';

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

  // Storage and database failures said in one line naming the variable (issue 34), not a stack trace.
  let database: Database | undefined;
  let applied: string[];
  try {
    const sqliteFile = path.join(config.DATA_DIR, 'ledgerlight.db');
    if (!config.DATABASE_URL) {
      checkDataDir(config.DATA_DIR);
      checkDatabaseFile(config.DATA_DIR, sqliteFile);
    }
    database = openDatabase({
      url: config.DATABASE_URL,
      sqliteFile,
      poolMax: config.DATABASE_POOL_MAX,
      readUrls: config.DATABASE_READ_URLS,
    });
    applied = await migrateToLatest(database);
  } catch (error) {
    const line = startupFailureLine(error, { url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    if (!line) throw error;
    process.stderr.write(`Cannot start: ${line}\n`);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
  const metrics = createMetrics(database);
  const app = await buildApp({ config, database, metrics });
  for (const warning of retiredSettingWarnings()) app.log.warn(warning);
  app.log.info({ engine: database.engine, location: database.location, migrations: applied }, 'database ready');
  // A replica that cannot be reached or signed in to (a wrong password) is said at start, by its host
  // (issue 45: it used to show only as a metric at 0); data reads go to the primary until it answers.
  for (const { location, error } of (await database.readRouting?.probe()) ?? [])
    app.log.warn(
      { replica: location, reason: postgresCause(error) },
      'read replica unavailable at start; data reads go to the primary until it answers',
    );

  /*
   * Graceful shutdown (docs/operations.md): stop accepting connections, let in-flight requests, the feeds
   * being fetched and the demo security being written finish, close the database, exit 0. Past
   * SHUTDOWN_TIMEOUT_MS the process exits 1 instead of hanging the orchestrator.
   */
  let news: NewsRefresher | undefined;
  let seeding: Promise<unknown> | undefined;
  let repairing: Promise<RepairReport> | undefined;
  let months: MonthsFill | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await Promise.all([app.close(), news?.stop(), seeding, repairing?.catch(() => undefined), months?.stop()]);
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (stopping) return;
  // Issue 34: loads a killed process left unfinished, securities without their derived rows, repaired first,
  // while the server already listens (a first start after a storage layout change rewrites every security's
  // rows: minutes at thousands of companies); the data calls answer 503 until it is done (http/repair-gate.ts).
  setRepairing(database, true);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const line = listenFailureLine(error, config);
    if (!line) throw error;
    process.stderr.write(`Cannot start: ${line}\n`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(`listening on ${config.PUBLIC_URL}`);
  repairing = repairLoads(database.db, () => stopping).finally(() => setRepairing(database, false));
  try {
    const repair = await repairing;
    if (repairedAnything(repair)) app.log.warn({ ...repair }, 'repaired what an interrupted load left');
    // What no repair can write: companies a finished load left without prices or statements (issue 45).
    const gaps = await readDataGaps(database.db);
    if (gaps.withoutPrices.count + gaps.withoutStatements.count > 0)
      app.log.warn({ ...gaps }, 'securities without prices or statements after a finished load (see /api/data/status)');
  } catch (error) {
    if (stopping) return;
    const line = startupFailureLine(error, { url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    if (!line) throw error;
    process.stderr.write(`Cannot start: ${line}\n`);
    process.exit(1);
  }
  if (stopping) return;
  // Issue 43: the month rows of the screener as of a day (ADR 0026), written in the background from here on.
  months = startMonthsFill(database.db, (error) => app.log.error({ err: error }, 'month rows: a pass failed'));
  months.kick();

  // Issue 3: an empty database gets the demo universe, so pages show data offline. Issue 23: it loads while
  // the server already answers (within seconds of a first start); the status and the pages say so meanwhile.
  if (config.DEMO_DATA === 'auto') {
    const started = Date.now();
    const onStorageFull = (ticker: string, waitMs: number, error: unknown) =>
      app.log.error({ ticker, waitMs, err: error }, 'demo data: the disk is full; retrying when there is room');
    seeding = seedDemoIfEmpty(database.db, () => stopping, {
      onStorageFull,
      ...(config.DEMO_COMPANIES === undefined ? {} : { companies: config.DEMO_COMPANIES }),
    })
      .then(async (seeded) => {
        if (!seeded) return;
        app.log.info({ securities: seeded.first.loaded, ms: Date.now() - started }, 'demo data: first part seeded');
        // The hand-made companies are in: their news feeds are registered now, not at the next interval.
        news?.runSoon();
        const runs = await seeded.rest;
        news?.runSoon();
        months?.kick();
        const securities = seeded.first.loaded + runs.reduce((sum, r) => sum + r.loaded, 0);
        app.log.info({ securities, ms: Date.now() - started }, 'demo data seeded');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'demo data seeding failed'));
  }
  if (stopping) return;
  news = startNewsRefresher(
    { db: database.db, settings: newsSettings(config, HAND_MADE_TICKERS), log: app.log },
    { onRun: metrics.recordFeedRun, onRunFailed: metrics.recordFeedRunFailure },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
