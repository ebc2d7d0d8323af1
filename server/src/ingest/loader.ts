import { isDatabaseBusy } from '../db/busy.ts';
import type { Db } from '../db/index.ts';
import { bumpDataVersion, readMeta, writeMeta } from '../db/meta.ts';
import { noteWriteError, noteWriteOk } from '../db/storage-health.ts';
import type { GreenOverride } from './green.ts';
import { recomputeIndicators } from './indicators.ts';
import { failuresOfRun, finishRun, markInterrupted, openRun, recordFailure } from './runs.ts';
import { changedAnything, writeSecurity } from './store.ts';
import type { Rejection, SecurityBundle, Source } from './types.ts';

/*
 * The loader: for each ticker, fetch -> validate -> write in one transaction per security (the run's
 * bookkeeping row for the ticker is written in the same transaction, so a crash leaves either the
 * whole security and its "done" mark, or neither). An interrupted run is resumed by the next run with
 * the same source and arguments (ingest/runs.ts): tickers already written are skipped, failed ones tried
 * again. A run still loading in another live process is left to it (ingest/run-owner.ts). A full disk
 * makes the writer wait and retry the same security until there is room again (db/storage-health.ts);
 * so does a write lock held past the busy timeout by the server or another load, a few times.
 */

export interface Progress {
  start(total: number, alreadyDone: number): void;
  tick(ticker: string, outcome: 'loaded' | 'unchanged' | 'failed'): void;
  finish(): void;
}

export interface RunOptions {
  db: Db;
  source: Source;
  /** Tickers to load, or 'all' for every ticker the source lists. */
  tickers: string[] | 'all';
  overrides?: readonly GreenOverride[];
  progress?: Progress;
  /** Fetches in flight at once. */
  concurrency?: number;
  /**
   * Securities written at once, each in its own transaction (default 1: one after the other). More than
   * one only helps on PostgreSQL, where the bulk commands use 2: one company's rows are built and sent
   * while the server stores another's.
   */
  writers?: number;
  /** false: start a new run even when an identical one was interrupted. */
  resume?: boolean;
  /** Checked between securities: true ends the run early (shutdown); it stays open to be resumed. */
  stopping?: () => boolean;
  /** Called when a write failed for a full disk, before waiting `waitMs` to retry it. */
  onStorageFull?: (ticker: string, waitMs: number, error: unknown) => void;
  /** What tells this run from others of the source for resuming (default: the sorted tickers, or --all). */
  runKey?: string;
  /** Written in the security's own transaction after it (the bulk commands' entry fingerprints). */
  onWritten?: (tx: Db, ticker: string, bundle: SecurityBundle) => Promise<void>;
}

export interface RunSummary {
  runId: number;
  source: string;
  total: number;
  resumedFrom: number | null;
  skipped: number;
  /** Companies that failed in an earlier try of this run and were tried again. */
  retried: number;
  loaded: number;
  unchanged: number;
  /** Companies of the run whose last try failed: this process's tries, and earlier ones not tried again. */
  failed: { ticker: string; error: string }[];
  /** Companies a statements source (SEC) found no statements for, with the reason: loaded, but empty. */
  noStatements: { ticker: string; reason: string }[];
  rejected: Rejection[];
  counts: { prices: number; dividends: number; splits: number; facts: number; supply: number };
  touched: number[];
  dataVersion: number | null;
  /** The whole source failed: nothing could be loaded (the CLI exits non-zero). */
  sourceFailed: boolean;
  /** Every company of the run yielded no statements (or failed): nothing of what was asked for came (exit non-zero). */
  noStatementsAtAll: boolean;
  /**
   * Stopped early by `stopping`: the run is marked interrupted and the next run with the same arguments
   * resumes it (and writes the screener rows of what this one wrote).
   */
  interrupted: boolean;
}

const nowIso = () => new Date().toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A write that found the write lock held past the busy timeout is tried again this many times. */
const BUSY_RETRIES = 5;
export const PRICES_AS_OF = 'prices_as_of';
export const FILINGS_AS_OF = 'filings_as_of';

/** Keeps up to `limit` fetches running ahead of the sequential writer, in ticker order. */
function prefetch(tickers: string[], fetch: (t: string) => Promise<SecurityBundle>, limit: number) {
  const pending: Promise<{ ticker: string; bundle?: SecurityBundle; error?: unknown }>[] = [];
  let next = 0;
  const launch = () => {
    while (pending.length < limit && next < tickers.length) {
      const ticker = tickers[next++] as string;
      pending.push(
        fetch(ticker).then(
          (bundle) => ({ ticker, bundle }),
          (error: unknown) => ({ ticker, error }),
        ),
      );
    }
  };
  return {
    async *[Symbol.asyncIterator]() {
      launch();
      while (pending.length > 0) {
        const result = await (pending.shift() as (typeof pending)[number]);
        launch();
        yield result;
      }
    },
  };
}

/** Runs `body`, handing any error it throws to `remember` before throwing it on. */
async function remembered<T>(remember: (error: unknown) => void, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    remember(error);
    throw error;
  }
}

/**
 * The write, retried while it fails for a full disk (1 s, doubling up to 10 s between tries) until it goes
 * through; undefined when the run is stopped meanwhile. Any other error is thrown as it is.
 */
async function writeWhenRoom<T>(
  write: (remember: (error: unknown) => void) => Promise<T>,
  ticker: string,
  options: RunOptions,
): Promise<T | undefined> {
  let busyTries = 0;
  for (let waitMs = 1000; ; waitMs = Math.min(waitMs * 2, 10_000)) {
    // The error inside the transaction: SQLite rolls back by itself on SQLITE_FULL, and the rollback the
    // transaction then asks for fails with "no transaction is active", which hides it.
    let inner: unknown;
    try {
      const result = await write((error) => {
        inner ??= error;
      });
      noteWriteOk();
      return result;
    } catch (error) {
      const cause = inner ?? error;
      // The server or another load held the write lock past the busy timeout (issue 45): a moment later.
      if (isDatabaseBusy(cause) && busyTries++ < BUSY_RETRIES) {
        if (options.stopping?.()) return undefined;
        await pause(250 * busyTries);
        continue;
      }
      if (!noteWriteError(cause) && !noteWriteError(error)) throw cause;
      options.onStorageFull?.(ticker, waitMs, error);
      const until = Date.now() + waitMs;
      while (Date.now() < until) {
        if (options.stopping?.()) return undefined;
        await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
      }
    }
  }
}

const maxDay = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

export async function runIngest(options: RunOptions): Promise<RunSummary> {
  const { db, source } = options;
  const requested =
    options.tickers === 'all' ? await source.listTickers() : options.tickers.map((t) => t.trim()).filter(Boolean);
  const unique = [...new Set(requested)];
  const args = options.runKey ?? JSON.stringify(options.tickers === 'all' ? ['--all'] : [...unique].sort());
  const { runId, resumed, done, failedBefore, loadedBefore } = await openRun(
    db,
    source.name,
    args,
    unique.length,
    options.resume ?? true,
  );
  const todo = unique.filter((t) => !done.has(t.toUpperCase()) && !done.has(t));
  const summary: RunSummary = {
    runId,
    source: source.name,
    total: unique.length,
    resumedFrom: resumed ? runId : null,
    skipped: unique.length - todo.length,
    retried: todo.filter((t) => failedBefore.has(t)).length,
    loaded: 0,
    unchanged: 0,
    failed: [],
    noStatements: [],
    rejected: [],
    counts: { prices: 0, dividends: 0, splits: 0, facts: 0, supply: 0 },
    touched: [...loadedBefore],
    dataVersion: null,
    sourceFailed: false,
    noStatementsAtAll: false,
    interrupted: false,
  };
  options.progress?.start(unique.length, summary.skipped);
  let pricesAsOf: string | null = null;
  let filingsAsOf: string | null = null;
  if (loadedBefore.length > 0) {
    const asOf = await db
      .selectFrom('daily_prices')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('security_id', 'in', loadedBefore)
      .executeTakeFirst();
    pricesAsOf = asOf?.day ?? null;
  }

  const loadOne = async ({ ticker, bundle, error }: { ticker: string; bundle?: SecurityBundle; error?: unknown }) => {
    let outcome: 'loaded' | 'unchanged' | 'failed' = 'failed';
    let detail: string | null = null;
    try {
      if (!bundle) throw error;
      const write = (remember: (error: unknown) => void) =>
        db.transaction().execute(async (tx) =>
          remembered(remember, async () => {
            const written = await writeSecurity(tx, bundle, {
              source: source.name,
              demo: source.demo ?? false,
              overrides: options.overrides ?? [],
            });
            const status: 'loaded' | 'unchanged' = changedAnything(written.counts) ? 'loaded' : 'unchanged';
            for (const r of bundle.rejections)
              await tx
                .insertInto('ingest_rejections')
                .values({
                  run_id: runId,
                  source: r.source,
                  ticker: r.ticker,
                  field: r.field,
                  reason: r.reason,
                  created_at: nowIso(),
                })
                .execute();
            const detail = bundle.noStatements ? `no statements: ${bundle.noStatements}`.slice(0, 2000) : null;
            // A company tried again after failing in an earlier try of the run replaces its failure.
            const item = { status, detail, finished_at: nowIso() };
            await tx
              .insertInto('ingest_run_items')
              .values({ run_id: runId, ticker, ...item })
              .onConflict((oc) => oc.columns(['run_id', 'ticker']).doUpdateSet(item))
              .execute();
            await options.onWritten?.(tx, ticker, bundle);
            await tx.updateTable('ingest_runs').set({ heartbeat_at: nowIso() }).where('id', '=', runId).execute();
            return { ...written, status };
          }),
        );
      const result = await writeWhenRoom(write, ticker, options);
      if (!result) {
        summary.interrupted = true;
        return;
      }
      outcome = result.status;
      summary.rejected.push(...bundle.rejections);
      if (bundle.noStatements) summary.noStatements.push({ ticker, reason: bundle.noStatements });
      for (const k of ['prices', 'dividends', 'splits', 'facts', 'supply'] as const)
        summary.counts[k] += result.counts[k];
      if (outcome === 'loaded') summary.touched.push(result.securityId);
      pricesAsOf = maxDay(pricesAsOf, bundle.prices?.at(-1)?.day ?? null);
      for (const f of bundle.facts ?? []) filingsAsOf = maxDay(filingsAsOf, f.filed);
    } catch (e) {
      detail = e instanceof Error ? e.message : String(e);
      summary.failed.push({ ticker, error: detail });
      // Outside the failed transaction: the run's summary, and a resume, find it there.
      await recordFailure(db, runId, ticker, detail);
    }
    if (outcome === 'loaded') summary.loaded++;
    if (outcome === 'unchanged') summary.unchanged++;
    options.progress?.tick(ticker, outcome);
  };

  // Up to `writers` securities are written at once, each in its own transaction on its own connection.
  const writers = Math.max(1, options.writers ?? 1);
  const inFlight = new Set<Promise<void>>();
  let fatal: { error: unknown } | null = null;
  for await (const item of prefetch(todo, (t) => source.fetchSecurity(t), options.concurrency ?? 4)) {
    // Back to the event loop between companies: with the fetches already parsed, the writes alone made one
    // chain of promises in which a signal's handler never ran until the end of the run (issue 45).
    await new Promise((resolve) => setImmediate(resolve));
    // Fetches running ahead are dropped; the securities written so far are whole (one transaction each).
    if (options.stopping?.()) summary.interrupted = true;
    if (summary.interrupted || fatal) break;
    const task: Promise<void> = loadOne(item)
      .catch((error: unknown) => {
        fatal ??= { error };
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= writers) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (fatal) throw (fatal as { error: unknown }).error;

  // A whole source failed when it had work and none of it succeeded (this process's tries).
  summary.sourceFailed = todo.length > 0 && summary.failed.length === todo.length;
  summary.noStatementsAtAll =
    !summary.interrupted &&
    summary.noStatements.length > 0 &&
    summary.noStatements.length + summary.failed.length === todo.length;
  // The failures of the whole run: this process's, and an earlier try's it did not get to again.
  const tried = new Set(summary.failed.map((f) => f.ticker));
  summary.failed.push(...(await failuresOfRun(db, runId)).filter((f) => !tried.has(f.ticker)));
  if (summary.interrupted) {
    // A stop is acted on within a few seconds: the screener rows of what was written (seconds per hundred
    // companies) are left to the resumed run, or to the repair at the next start for new companies. The
    // data version moves now, so the companies written are served as they are.
    if (summary.touched.length > 0)
      summary.dataVersion =
        (await writeWhenRoom(() => bumpDataVersion(db), '(data version)', { ...options, stopping: () => true })) ??
        null;
    await markInterrupted(db, runId);
    options.progress?.finish();
    return summary;
  }
  if (summary.touched.length > 0) {
    const finish = async () => {
      await recomputeIndicators(db, summary.touched);
      if (pricesAsOf) await writeMeta(db, PRICES_AS_OF, maxDay(pricesAsOf, await readMeta(db, PRICES_AS_OF)) as string);
      if (filingsAsOf)
        await writeMeta(db, FILINGS_AS_OF, maxDay(filingsAsOf, await readMeta(db, FILINGS_AS_OF)) as string);
      return bumpDataVersion(db);
    };
    // Stopped while the disk is full: the screener rows are made at the next start (ingest/repair.ts).
    summary.dataVersion = (await writeWhenRoom(finish, '(screener rows)', options)) ?? null;
  }
  const counts = {
    loaded: summary.loaded,
    unchanged: summary.unchanged,
    failed: summary.failed.length,
    noStatements: summary.noStatements.length,
    rejected: summary.rejected.length,
  };
  await finishRun(db, runId, summary.sourceFailed, counts);
  options.progress?.finish();
  return summary;
}
