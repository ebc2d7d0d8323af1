import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { FeedRunReport } from '../http/metrics.ts';
import { demoCompanies, demoFeedInputs, demoFeedName, renderDemoFeed } from './demo-feeds.ts';
import { type FeedReader, openFeedReader, type ReaderLimits } from './feed-reader.ts';
import { loadFeedsFile } from './feeds-file.ts';
import type { FeedJob, FetchSettings } from './read-feed.ts';
import { syncCompanyLinks, syncOrigin } from './registry.ts';
import { storeItems } from './store-items.ts';
import { mentionMatcher } from './tickers.ts';

/*
 * The background refresher: every interval it syncs the registry (feeds file, company links, demo
 * feeds), then fetches each due feed with conditional requests. A failing feed is logged and backs
 * off (interval x 2^errors, at most 6 hours); it never stops the others. Several instances may run:
 * each claims a feed by moving its next_fetch_at before fetching, so only one fetches it.
 * Fetching and reading happen on feed reader threads (feed-reader.ts), each feed under a deadline and a
 * memory cap; this module only queries and stores.
 */

export interface NewsSettings {
  intervalSeconds: number;
  publicUrl: string;
  demo: boolean;
  /** The demo companies whose feeds come first (the hand-made ones of ingest/demo, given by main.ts). */
  demoTickersFirst: readonly string[];
  feedsFile: string | undefined;
  fetch: FetchSettings;
  /** The reader threads' budgets beyond the fetch timeout. */
  reader: Omit<ReaderLimits, 'fetchTimeoutMs'>;
}

export function newsSettings(config: Config, demoTickersFirst: readonly string[]): NewsSettings {
  return {
    intervalSeconds: config.FEED_REFRESH_INTERVAL_SECONDS,
    publicUrl: config.PUBLIC_URL,
    demo: config.FEEDS_DEMO,
    demoTickersFirst,
    feedsFile: config.FEEDS_FILE,
    fetch: {
      allowLoopback: config.FEEDS_ALLOW_LOOPBACK,
      timeoutMs: config.FEED_FETCH_TIMEOUT_MS,
      maxBytes: config.FEED_MAX_BYTES,
      userAgent: `Ledgerlight feed reader (+${config.PUBLIC_URL})`,
    },
    reader: { parseTimeoutMs: config.FEED_PARSE_TIMEOUT_MS, memoryMb: config.FEED_WORKER_MEMORY_MB },
  };
}

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A feed's way through a refresh, for diagnostics and tests: its document arrived and is being read on a
 * thread, the thread has answered, then the feed is stored, unchanged or failed.
 */
export type FeedTrace = { url: string; step: 'reading' | 'read' | 'stored' | 'unchanged' | 'failed' };

export interface RefreshDeps {
  db: Db;
  settings: NewsSettings;
  log: Log;
  trace?: (event: FeedTrace) => void;
}

const MAX_BACKOFF_SECONDS = 6 * 3600;
const PARALLEL_FETCHES = 4;
const FEEDS_PER_RUN = 200;

export function backoffSeconds(intervalSeconds: number, errorCount: number): number {
  return Math.min(intervalSeconds * 2 ** Math.min(errorCount, 20), MAX_BACKOFF_SECONDS);
}

/** Bring the registry in line with its sources. Each source failing alone leaves the rest synced. */
export async function syncRegistry({ db, settings, log }: RefreshDeps, now = new Date()): Promise<void> {
  if (settings.feedsFile) {
    try {
      const { inputs, unknownTickers } = await loadFeedsFile(db, settings.feedsFile);
      if (unknownTickers.length) log.warn({ unknownTickers }, 'feeds file names unknown tickers; their feeds wait');
      await syncOrigin(db, 'file', inputs, now);
    } catch (error) {
      log.error({ err: error }, 'feeds file not loaded; the feeds registered before stay');
    }
  }
  await syncCompanyLinks(db, now);
  const companies = settings.demo ? await demoCompanies(db, settings.demoTickersFirst) : [];
  await syncOrigin(db, 'demo', settings.demo ? demoFeedInputs(settings.publicUrl, companies) : [], now);
}

/** A run's counts, in the shape the metrics read (http/metrics.ts). */
export type RunReport = FeedRunReport;

/**
 * Fetch every feed that is due (next_fetch_at passed or never fetched). `stopping` is checked between
 * feeds: on shutdown the feeds in flight finish and the rest stay due for the next run or instance.
 */
export async function refreshDueFeeds(
  deps: RefreshDeps,
  now = new Date(),
  stopping: () => boolean = () => false,
): Promise<RunReport> {
  const { db } = deps;
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('feeds')
    .leftJoin('securities', 'securities.id', 'feeds.security_id')
    .select([
      'feeds.id',
      'feeds.url',
      'feeds.locale',
      'feeds.title',
      'feeds.origin',
      'feeds.etag',
      'feeds.last_modified',
      'feeds.error_count',
      'feeds.next_fetch_at',
      'securities.ticker',
    ])
    .where('feeds.enabled', '=', 1)
    .where((eb) => eb.or([eb('feeds.next_fetch_at', 'is', null), eb('feeds.next_fetch_at', '<=', nowIso)]))
    .orderBy('feeds.next_fetch_at')
    .limit(FEEDS_PER_RUN)
    .execute();
  const report: RunReport = { updated: 0, unchanged: 0, failed: 0, newItems: 0 };
  // Most runs find nothing due: no need to index every security's name for them.
  if (due.length === 0) return report;
  const securities = await db.selectFrom('securities').select(['ticker', 'name']).execute();
  const mentions = mentionMatcher(securities);
  const companies = deps.settings.demo ? await demoCompanies(db, deps.settings.demoTickersFirst) : [];
  const queue = [...due];
  const { settings } = deps;
  const limits: ReaderLimits = { ...settings.reader, fetchTimeoutMs: settings.fetch.timeoutMs };
  // Longer than a feed's whole budget (two fetches, reading it, starting a thread), so a feed being
  // read is never claimed by another instance.
  const leaseMs = settings.fetch.timeoutMs * 2 + settings.reader.parseTimeoutMs + 70_000;
  const readers: FeedReader[] = [];
  const fetcher = async () => {
    let reader: FeedReader | undefined;
    for (let feed = queue.shift(); feed && !stopping(); feed = queue.shift()) {
      // Claim: only the instance that moves next_fetch_at from the value it read fetches the feed.
      const lease = new Date(now.getTime() + leaseMs).toISOString();
      const claim = await db
        .updateTable('feeds')
        .set({ next_fetch_at: lease })
        .where('id', '=', feed.id)
        .where((eb) =>
          feed.next_fetch_at === null ? eb('next_fetch_at', 'is', null) : eb('next_fetch_at', '=', feed.next_fetch_at),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0) continue;
      if (!reader) {
        reader = openFeedReader(limits);
        readers.push(reader);
      }
      await refreshOne(deps, feed, { mentions, companies, now, reader }, report);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL_FETCHES }, fetcher));
  } finally {
    await Promise.all(readers.map((reader) => reader.close()));
  }
  return report;
}

interface DueFeed {
  id: number;
  url: string;
  locale: string;
  title: string | null;
  origin: string;
  etag: string | null;
  last_modified: string | null;
  error_count: number;
  ticker: string | null;
}

interface RunContext {
  mentions: (text: string) => string[];
  companies: Awaited<ReturnType<typeof demoCompanies>>;
  now: Date;
  reader: FeedReader;
}

async function refreshOne(deps: RefreshDeps, feed: DueFeed, run: RunContext, report: RunReport): Promise<void> {
  const { db, settings, log } = deps;
  const nowIso = run.now.toISOString();
  try {
    const result = await run.reader.read(feedJob(deps, feed, run), () =>
      deps.trace?.({ url: feed.url, step: 'reading' }),
    );
    deps.trace?.({ url: feed.url, step: 'read' });
    const next = new Date(run.now.getTime() + settings.intervalSeconds * 1000).toISOString();
    const success = {
      last_fetched_at: nowIso,
      last_success_at: nowIso,
      error_count: 0,
      last_error: null,
      next_fetch_at: next,
    };
    if (result.status === 'not-modified') {
      await db.updateTable('feeds').set(success).where('id', '=', feed.id).execute();
      report.unchanged++;
      deps.trace?.({ url: feed.url, step: 'unchanged' });
      return;
    }
    const parsed = result.feed;
    const source = feed.title ?? parsed.title;
    const added = await storeItems(
      db,
      { feedId: feed.id, locale: feed.locale, source, feedTicker: feed.ticker },
      parsed.items,
      run.mentions,
      run.now,
    );
    await db
      .updateTable('feeds')
      .set({ ...success, etag: result.etag, last_modified: result.lastModified, title: source })
      .where('id', '=', feed.id)
      .execute();
    report.updated++;
    report.newItems += added;
    deps.trace?.({ url: feed.url, step: 'stored' });
  } catch (error) {
    const errors = feed.error_count + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const next = new Date(run.now.getTime() + backoffSeconds(settings.intervalSeconds, errors) * 1000).toISOString();
    await db
      .updateTable('feeds')
      .set({ last_fetched_at: nowIso, error_count: errors, last_error: message, next_fetch_at: next })
      .where('id', '=', feed.id)
      .execute();
    log.warn({ feed: feed.url, errors, retryAt: next, reason: message }, 'feed refresh failed');
    report.failed++;
    deps.trace?.({ url: feed.url, step: 'failed' });
  }
}

function feedJob({ settings }: RefreshDeps, feed: DueFeed, run: RunContext): FeedJob {
  if (feed.origin === 'demo') {
    const name = demoFeedName(feed.url);
    const doc = name ? renderDemoFeed(name, run.companies, settings.publicUrl, run.now) : null;
    if (!doc) throw new Error('unknown demo feed');
    return { kind: 'parse', url: feed.url, body: doc.body };
  }
  return {
    kind: 'fetch',
    url: feed.url,
    // A company link is usually a web page announcing its feed.
    page: feed.origin === 'link',
    conditional: { etag: feed.etag, lastModified: feed.last_modified },
    fetch: settings.fetch,
  };
}

export interface RefresherHooks {
  /** After each run (metrics). */
  onRun?(report: RunReport): void;
  onRunFailed?(): void;
}

export interface NewsRefresher {
  /**
   * A run as soon as possible (at once, or right after the run in progress): the registry changed, e.g.
   * a part of the demo universe was loaded and its companies' feeds are to be registered now, not at the
   * next interval.
   */
  runSoon(): void;
  stop(): Promise<void>;
}

/**
 * Run the refresher every interval until stopped. The first run starts at once. stop() lets the feeds
 * being fetched finish (the current unit of work), starts no other, and resolves when they are done.
 */
export function startNewsRefresher(deps: RefreshDeps, hooks: RefresherHooks = {}): NewsRefresher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;
  const tick = async () => {
    try {
      await syncRegistry(deps);
      if (stopped) return;
      const report = await refreshDueFeeds(deps, new Date(), () => stopped);
      hooks.onRun?.(report);
      if (report.updated + report.failed > 0) deps.log.info(report, 'feeds refreshed');
    } catch (error) {
      hooks.onRunFailed?.();
      deps.log.error({ err: error }, 'feed refresh run failed');
    }
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        if (!stopped) schedule(again ? 0 : Math.min(deps.settings.intervalSeconds, 60) * 1000);
        again = false;
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);
  return {
    runSoon() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
