import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/index.ts';
import { readDataVersion } from '../db/meta.ts';
import { unauthorized } from './errors.ts';
import type { BucketName } from './rate-limit.ts';

/*
 * What the layers above report to the metrics, declared here where it is read: the issuer key cache
 * (auth/oidc/issuer-keys.ts) and the feed refresher (news/refresher.ts) hand their events over in these
 * shapes, so this module imports neither (issue 44: http/ sits below auth/ and news/).
 */
export interface IssuerKeysObserver {
  refreshed(keys: { fetchedAt: number }): void;
  /** A refresh failed; `ageMs` is the age of the copy still in use, null when none is usable (503s). */
  refreshFailed(error: unknown, ageMs: number | null): void;
}

export interface FeedRunReport {
  updated: number;
  unchanged: number;
  failed: number;
  newItems: number;
}

/*
 * GET /metrics in the Prometheus text format (docs/operations.md). One registry per app, not prom-client's
 * global one, so several apps in one test process do not share counters. Requests are labelled by the
 * route pattern (never the raw URL, which would make a series per ticker), method and status.
 * Ingest progress is read from the database at scrape time: the CLI runs in another process.
 */

export interface Metrics {
  registry: Registry;
  /** Counts and logs the identity provider's key refreshes (auth/oidc/issuer-keys.ts). */
  issuerKeysObserver(log: FastifyBaseLogger): IssuerKeysObserver;
  recordFeedRun(report: FeedRunReport): void;
  recordFeedRunFailure(): void;
  recordRateLimited(bucket: BucketName): void;
  /** Reads the data version and ingest progress; the /metrics route awaits it before rendering. */
  readDatabase(): Promise<void>;
}

// Seconds; the data API answers from memory in well under a millisecond, a cold OData query in tens of ms.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const feedResults = new Counter({
    name: 'ledgerlight_feed_refresh_feeds_total',
    help: 'Feeds fetched by the news refresher, by result (updated, unchanged, failed)',
    labelNames: ['result'],
    registers,
  });
  const feedItems = new Counter({
    name: 'ledgerlight_feed_refresh_new_items_total',
    help: 'News items stored by the refresher',
    registers,
  });
  const feedRuns = new Counter({
    name: 'ledgerlight_feed_refresh_runs_total',
    help: 'Refresher runs, by outcome (ok, error)',
    labelNames: ['outcome'],
    registers,
  });
  const limited = new Counter({
    name: 'ledgerlight_rate_limited_total',
    help: 'Requests refused with 429, by rate-limit bucket',
    labelNames: ['bucket'],
    registers,
  });

  new Gauge({
    name: 'ledgerlight_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  // DATABASE_READ_URLS (db/read-replicas.ts): whether each replica takes reads, and the version it replayed.
  new Gauge({
    name: 'ledgerlight_read_replica_up',
    help: 'Read replica taking data reads (1) or skipped after a failure (0), by host:port/database',
    labelNames: ['replica'],
    registers,
    collect() {
      for (const r of database.readRouting?.status() ?? []) this.set({ replica: r.location }, r.healthy ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ledgerlight_read_replica_data_version',
    help: 'The data version a read replica last said it has replayed (behind the primary: skipped)',
    labelNames: ['replica'],
    registers,
    collect() {
      for (const r of database.readRouting?.status() ?? [])
        if (r.version !== null) this.set({ replica: r.location }, r.version);
    },
  });

  const keyRefreshFailures = new Counter({
    name: 'ledgerlight_oidc_key_refresh_failures_total',
    help: "Failed fetches of the identity provider's discovery document or signing keys",
    registers,
  });
  const keysFetched = new Gauge({
    name: 'ledgerlight_oidc_keys_fetched_timestamp_seconds',
    help: "When the identity provider's signing keys in use were fetched (Unix time)",
    registers,
  });
  const keysStale = new Gauge({
    name: 'ledgerlight_oidc_keys_stale',
    help: '1 while tokens are verified with keys whose refresh failed (the provider is unreachable), else 0',
    registers,
  });

  const dataVersion = new Gauge({ name: 'ledgerlight_data_version', help: 'Current market-data version', registers });
  const ingestTotal = new Gauge({
    name: 'ledgerlight_ingest_run_securities',
    help: 'Securities in the latest ingest run of each source',
    labelNames: ['source'],
    registers,
  });
  const ingestDone = new Gauge({
    name: 'ledgerlight_ingest_run_done_securities',
    help: 'Securities already processed in the latest ingest run of each source',
    labelNames: ['source'],
    registers,
  });
  const ingestRunning = new Gauge({
    name: 'ledgerlight_ingest_run_running',
    help: '1 while the latest ingest run of a source is unfinished (running or interrupted), else 0',
    labelNames: ['source'],
    registers,
  });
  const databaseUp = new Gauge({
    name: 'ledgerlight_database_up',
    help: '1 when the database answered the last scrape',
    registers,
  });

  async function collectIngest(): Promise<void> {
    const db = database.db;
    const latest = await db
      .selectFrom('ingest_runs')
      .select(['source', (eb) => eb.fn.max('id').as('id')])
      .groupBy('source')
      .execute();
    for (const { source, id } of latest) {
      const run = await db
        .selectFrom('ingest_runs')
        .select(['total', 'status'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
      if (!run) continue;
      const done = await db
        .selectFrom('ingest_run_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('run_id', '=', Number(id))
        .executeTakeFirstOrThrow();
      ingestTotal.set({ source }, run.total);
      ingestDone.set({ source }, Number(done.n));
      ingestRunning.set({ source }, run.status === 'running' ? 1 : 0);
    }
  }

  return {
    registry,
    issuerKeysObserver(log) {
      return {
        refreshed(keys) {
          keysFetched.set(Math.floor(keys.fetchedAt / 1000));
          keysStale.set(0);
        },
        refreshFailed(error, ageMs) {
          keyRefreshFailures.inc();
          const reason = error instanceof Error ? error.message : String(error);
          if (ageMs === null) {
            keysStale.set(0);
            log.warn(
              { reason },
              'identity provider unreachable and no usable signing keys: signed-in calls answer 503',
            );
            return;
          }
          keysStale.set(1);
          log.warn(
            { reason, keysAgeSeconds: Math.round(ageMs / 1000) },
            'identity provider unreachable: verifying tokens with the last keys fetched (kept up to 24 h)',
          );
        },
      };
    },
    recordFeedRun(report) {
      feedRuns.inc({ outcome: 'ok' });
      feedResults.inc({ result: 'updated' }, report.updated);
      feedResults.inc({ result: 'unchanged' }, report.unchanged);
      feedResults.inc({ result: 'failed' }, report.failed);
      feedItems.inc(report.newItems);
    },
    recordFeedRunFailure() {
      feedRuns.inc({ outcome: 'error' });
    },
    recordRateLimited(bucket) {
      limited.inc({ bucket });
    },
    // Before rendering, not in collect(): prom-client runs collectors concurrently, in no useful order.
    async readDatabase() {
      try {
        dataVersion.set(await readDataVersion(database.db));
        await collectIngest();
        databaseUp.set(1);
      } catch {
        databaseUp.set(0);
      }
    },
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Request counters and durations for every route, data-cache results, and the GET /metrics route. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const registers = [metrics.registry];
  const requests = new Counter({
    name: 'ledgerlight_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const durations = new Histogram({
    name: 'ledgerlight_http_request_duration_seconds',
    help: 'HTTP request durations by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const cache = new Counter({
    name: 'ledgerlight_data_cache_requests_total',
    help: 'Data API GETs by cache result: hit (from memory), miss (computed), not_modified (304)',
    labelNames: ['result'],
    registers,
  });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs (404s, the web app's fallback) share one label: raw URLs would be unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (!route.startsWith('/api/data/')) return;
    const result = reply.getHeader('x-cache');
    if (reply.statusCode === 304) cache.inc({ result: 'not_modified' });
    else if (result === 'hit' || result === 'miss') cache.inc({ result });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      if (!sameToken(given, token)) throw unauthorized('A valid metrics token is required');
    }
    await metrics.readDatabase();
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
