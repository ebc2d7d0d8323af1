import type { Db } from '../db/index.ts';
import { ownerAlive, runOwner } from './run-owner.ts';

/*
 * The bookkeeping of an ingest run (ingest_runs, one row per run; ingest_run_items, one per company tried).
 * A run is resumed by the next run of the same source and arguments when its process is gone (left
 * 'running'), when the repair at start marked it abandoned, or when a signal stopped it (marked
 * interrupted). A resumed run skips the companies already written and tries again every other one,
 * those that failed before included (issue 45: a resume that counted them as done hid them for good).
 */

const nowIso = () => new Date().toISOString();

export interface OpenedRun {
  runId: number;
  resumed: boolean;
  /** Tickers the run has written (loaded or unchanged): not tried again. */
  done: Set<string>;
  /** Tickers whose last try in the run failed: tried again. */
  failedBefore: Set<string>;
  /** Security ids the run loaded before: their screener rows were due at its end. */
  loadedBefore: number[];
}

/** A run of the same source and arguments that nobody is loading any more, newest first. */
async function resumableRun(db: Db, source: string, args: string) {
  const candidates = await db
    .selectFrom('ingest_runs')
    .select(['id', 'status', 'owner', 'heartbeat_at', 'summary'])
    .where('source', '=', source)
    .where('args', '=', args)
    .where('status', 'in', ['running', 'failed'])
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return candidates.find((run) =>
    run.status === 'running'
      ? !ownerAlive(run.owner, run.heartbeat_at)
      : /"(abandoned|interrupted)"/.test(run.summary ?? ''),
  );
}

export async function openRun(
  db: Db,
  source: string,
  args: string,
  total: number,
  resume: boolean,
): Promise<OpenedRun> {
  const open = resume ? await resumableRun(db, source, args) : undefined;
  if (open) {
    await db
      .updateTable('ingest_runs')
      .set({ status: 'running', owner: runOwner(), heartbeat_at: nowIso(), finished_at: null, summary: null })
      .where('id', '=', open.id)
      .execute();
    const items = await db
      .selectFrom('ingest_run_items')
      .select(['ticker', 'status'])
      .where('run_id', '=', open.id)
      .execute();
    const loaded = await db
      .selectFrom('ingest_run_items')
      .innerJoin('securities', 'securities.ticker', 'ingest_run_items.ticker')
      .select('securities.id')
      .where('ingest_run_items.run_id', '=', open.id)
      .where('ingest_run_items.status', '=', 'loaded')
      .execute();
    return {
      runId: open.id,
      resumed: true,
      done: new Set(items.filter((i) => i.status !== 'failed').map((i) => i.ticker)),
      failedBefore: new Set(items.filter((i) => i.status === 'failed').map((i) => i.ticker)),
      loadedBefore: loaded.map((r) => r.id),
    };
  }
  const started = nowIso();
  const row = await db
    .insertInto('ingest_runs')
    .values({
      source,
      args,
      status: 'running',
      total,
      started_at: started,
      finished_at: null,
      summary: null,
      owner: runOwner(),
      heartbeat_at: started,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { runId: row.id, resumed: false, done: new Set(), failedBefore: new Set(), loadedBefore: [] };
}

/** The companies whose last try in the run failed, with why: this process's tries and earlier ones. */
export async function failuresOfRun(db: Db, runId: number): Promise<{ ticker: string; error: string }[]> {
  const rows = await db
    .selectFrom('ingest_run_items')
    .select(['ticker', 'detail'])
    .where('run_id', '=', runId)
    .where('status', '=', 'failed')
    .orderBy('ticker')
    .execute();
  return rows.map((r) => ({ ticker: r.ticker, error: r.detail ?? 'failed' }));
}

/** Records a company's failed try, replacing an earlier try's record. */
export async function recordFailure(db: Db, runId: number, ticker: string, detail: string): Promise<void> {
  const values = { status: 'failed' as const, detail: detail.slice(0, 2000), finished_at: nowIso() };
  await db
    .insertInto('ingest_run_items')
    .values({ run_id: runId, ticker, ...values })
    .onConflict((oc) => oc.columns(['run_id', 'ticker']).doUpdateSet(values))
    .execute();
}

/**
 * A run stopped by a signal: no longer 'running' (the metrics and alerts would see it loading), marked
 * interrupted so that the next run of the same arguments resumes it.
 */
export async function markInterrupted(db: Db, runId: number): Promise<void> {
  const items = await db
    .selectFrom('ingest_run_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('run_id', '=', runId)
    .executeTakeFirst();
  await db
    .updateTable('ingest_runs')
    .set({
      status: 'failed',
      owner: null,
      finished_at: nowIso(),
      summary: JSON.stringify({ interrupted: true, written: Number(items?.n ?? 0) }),
    })
    .where('id', '=', runId)
    .execute();
}

export async function finishRun(db: Db, runId: number, failed: boolean, counts: Record<string, number>): Promise<void> {
  await db
    .updateTable('ingest_runs')
    .set({ status: failed ? 'failed' : 'done', finished_at: nowIso(), summary: JSON.stringify(counts) })
    .where('id', '=', runId)
    .execute();
}
