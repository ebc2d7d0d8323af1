import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { bumpDataVersion } from '../db/meta.ts';
import type { Period } from '../db/schema.ts';
import { rebuildFactStatements } from '../derived/fact-statements.ts';
import { rebuildPriceYears } from '../derived/price-years.ts';
import { recomputeIndicators } from './indicators.ts';
import { ownerAlive } from './run-owner.ts';

/*
 * The consistency check at start (issue 34). A load killed at any point (SIGKILL, power cut) leaves every
 * security whole with its source rows, its price chunks and its statements (one transaction each,
 * ingest/store.ts), but the screener rows of a run are written at its end: a run killed before it left
 * companies out of the screener for good (the demo seeder never resumes its runs: it lists what is
 * missing anew). Here, before anything loads:
 *  - runs left 'running' by a process that is gone are marked abandoned (status 'failed', summary
 *    {"abandoned": owner}); the next run of the same source and arguments resumes them (ingest/loader.ts);
 *  - every security is checked for its derived rows: the screener row (`indicators`), the price chunks
 *    (`price_years` and `price_months`) when it has prices, the statement matrices (`fact_statements`) when
 *    it has facts. What is missing is written through the loader's own writers, and said.
 */

export interface RepairReport {
  abandonedRuns: { id: number; source: string; owner: string | null }[];
  /** Securities whose price chunks were written again. */
  priceChunks: string[];
  /** Securities whose statement matrices were written again. */
  statements: string[];
  /** Securities whose screener row was written (all of the above too: it reads them). */
  screenerRows: string[];
}

export const repairedAnything = (r: RepairReport) =>
  r.abandonedRuns.length + r.priceChunks.length + r.statements.length + r.screenerRows.length > 0;

/** Marks the runs whose process is gone; returns them. */
export async function abandonDeadRuns(db: Db, now = Date.now()): Promise<RepairReport['abandonedRuns']> {
  const running = await db
    .selectFrom('ingest_runs')
    .select(['id', 'source', 'owner', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  const dead = running.filter((run) => !ownerAlive(run.owner, run.heartbeat_at, now));
  for (const run of dead) {
    const items = await db
      .selectFrom('ingest_run_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', run.id)
      .executeTakeFirst();
    await db
      .updateTable('ingest_runs')
      .set({
        status: 'failed',
        finished_at: new Date(now).toISOString(),
        summary: JSON.stringify({ abandoned: run.owner ?? 'unknown', written: Number(items?.n ?? 0) }),
      })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .execute();
  }
  return dead.map(({ id, source, owner }) => ({ id, source, owner }));
}

const PERIODS: readonly Period[] = ['annual', 'quarterly'];

/** Securities missing a kind of derived row: [id, ticker]. */
async function missing(db: Db, kind: 'screener' | 'prices' | 'statements'): Promise<{ id: number; ticker: string }[]> {
  let query = db.selectFrom('securities as s').select(['s.id', 's.ticker']);
  if (kind === 'screener')
    query = query.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('indicators as i').select('i.security_id').whereRef('i.security_id', '=', 's.id'))),
    );
  if (kind === 'prices')
    query = query
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('daily_prices as d').select('d.security_id').whereRef('d.security_id', '=', 's.id')),
      )
      .where(({ or, not, exists, selectFrom }) =>
        or([
          not(exists(selectFrom('price_years as y').select('y.security_id').whereRef('y.security_id', '=', 's.id'))),
          not(exists(selectFrom('price_months as m').select('m.security_id').whereRef('m.security_id', '=', 's.id'))),
          // A chunk written before its bars were kept (migration 021).
          exists(
            selectFrom('price_years as b')
              .select('b.security_id')
              .whereRef('b.security_id', '=', 's.id')
              .where('b.bars', 'is', null),
          ),
        ]),
      );
  // A kind of period with facts and no matrix; each test an index seek (the facts' key starts with the
  // security and the period), not a scan of the facts.
  if (kind === 'statements')
    query = query.where(({ or, and, not, exists, selectFrom }) =>
      or(
        PERIODS.map((period) =>
          and([
            exists(
              selectFrom('financial_facts as f')
                .select('f.security_id')
                .whereRef('f.security_id', '=', 's.id')
                .where('f.period', '=', period),
            ),
            not(
              exists(
                selectFrom('fact_statements as st')
                  .select('st.security_id')
                  .whereRef('st.security_id', '=', 's.id')
                  .where('st.period', '=', period),
              ),
            ),
          ]),
        ),
      ),
    );
  return query.orderBy('s.id').execute();
}

/**
 * The whole check: abandoned runs, then each security's derived rows. Bumps the data version when it wrote.
 * `stopping`: asked between securities (a shutdown); what is written is kept, the next start does the rest.
 */
export async function repairLoads(db: Db, stopping: () => boolean = () => false): Promise<RepairReport> {
  const abandonedRuns = await abandonDeadRuns(db);
  const prices = await missing(db, 'prices');
  for (const { id } of prices) {
    if (stopping()) break;
    await db.transaction().execute((tx) => rebuildPriceYears(tx, id));
  }
  const statements = await missing(db, 'statements');
  for (const { id } of statements) {
    if (stopping()) break;
    await db.transaction().execute((tx) => rebuildFactStatements(tx, id));
  }
  // Stopped: the screener rows wait for the next start, which finds these securities again.
  if (stopping()) return { abandonedRuns, priceChunks: [], statements: [], screenerRows: [] };
  const byId = new Map([...prices, ...statements, ...(await missing(db, 'screener'))].map((s) => [s.id, s.ticker]));
  await recomputeIndicators(db, [...byId.keys()]);
  const report: RepairReport = {
    abandonedRuns,
    priceChunks: prices.map((s) => s.ticker),
    statements: statements.map((s) => s.ticker),
    screenerRows: [...byId.values()],
  };
  if (byId.size > 0) await bumpDataVersion(db);
  return report;
}

/** Counts for a test or a check: securities, and those with each kind of derived row they need. */
export async function derivedCoverage(db: Db) {
  const count = async (kind: 'screener' | 'prices' | 'statements') => (await missing(db, kind)).length;
  const securities = await db.selectFrom('securities').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    securities: Number(securities.n),
    withoutScreenerRow: await count('screener'),
    withoutPriceChunks: await count('prices'),
    withoutStatements: await count('statements'),
  };
}
