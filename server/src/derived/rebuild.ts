import type { Db } from '../db/index.ts';
import { CHART_POINTS_VERSION, chartPointsOfYear, staleChartPoints } from './chart-points.ts';
import { type RebuildCounts, rebuildInTurns, type TurnOptions } from './rebuild-turns.ts';
import {
  allIndicatorFields,
  type IndicatorColumns,
  indicatorColumns,
  indicatorRowJson,
  SCREENER_ROWS_VERSION,
  staleScreenerRows,
} from './screener-rows.ts';
import { staleStatementValues, writeStatementValues } from './statement-values.ts';

/*
 * The derived rows written by code of another version (ADR 0016: a version computed from the code that
 * writes them), rewritten after a start: the screener rows, the chart points, the statement values. Each
 * kind is answered the other way meanwhile (from the columns, the closes, the statements), which gives
 * the same bytes, so the server starts this after it listens and does not wait for it (main.ts).
 */

export const DERIVED_KINDS = ['screener rows', 'chart points', 'statement values'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];

export interface RebuildOptions {
  /** Checked between transactions: true ends the rebuild there (a shutdown). */
  stopping?: () => boolean;
  onError?: (kind: DerivedKind, securityId: number, error: unknown) => void;
  /** After each kind, with how long it took. */
  onDone?: (kind: DerivedKind, counts: RebuildCounts, ms: number) => void;
}

type Rebuild = (db: Db, options: TurnOptions) => Promise<RebuildCounts>;

const rebuilds: Record<DerivedKind, { stale: (db: Db) => Promise<number[]>; rebuild: Rebuild }> = {
  'screener rows': { stale: staleScreenerRows, rebuild: rebuildScreenerRows },
  'chart points': { stale: staleChartPoints, rebuild: rebuildChartPoints },
  'statement values': { stale: staleStatementValues, rebuild: rebuildStatementValues },
};

/**
 * Rewrites the stale rows of every kind, one kind after the other, in short transactions that let the
 * event loop run between them.
 */
export async function rebuildDerived(
  db: Db,
  options: RebuildOptions = {},
): Promise<Record<DerivedKind, RebuildCounts>> {
  const counts = {} as Record<DerivedKind, RebuildCounts>;
  for (const kind of DERIVED_KINDS) {
    const started = performance.now();
    counts[kind] = options.stopping?.()
      ? { written: 0, failed: 0 }
      : await rebuilds[kind].rebuild(db, {
          ...(options.stopping ? { stopping: options.stopping } : {}),
          onError: (securityId, error) => options.onError?.(kind, securityId, error),
        });
    options.onDone?.(kind, counts[kind], performance.now() - started);
  }
  return counts;
}

/** How many securities have rows of each kind written by code of another version (or, for statement values, none). */
export async function staleDerived(db: Db): Promise<Record<DerivedKind, number>> {
  const counts = {} as Record<DerivedKind, number>;
  for (const kind of DERIVED_KINDS) counts[kind] = (await rebuilds[kind].stale(db)).length;
  return counts;
}

/** Rows rewritten per transaction: short enough for the requests between them not to wait. */
const REBUILD_BATCH = 100;

/**
 * Rewrites the row_json of every screener row written by code of another version from its own columns,
 * a batch per transaction, letting the event loop run between them (pages with such a row read the
 * columns meanwhile). A row is rewritten only if its updated_at is still the one read: a recompute may
 * rewrite it meanwhile, with the current version.
 */
export async function rebuildScreenerRows(db: Db, options: TurnOptions = {}): Promise<RebuildCounts> {
  // What row_json is made from: the allow-list's columns; and what says whether the row changed meanwhile.
  const columns: (keyof IndicatorColumns)[] = [
    ...allIndicatorFields.map((field) => indicatorColumns[field].column),
    'security_id',
    'updated_at',
  ];
  return rebuildInTurns(
    await staleScreenerRows(db),
    REBUILD_BATCH,
    async (batch) => {
      const rows = await db
        .selectFrom('indicators')
        .select(columns)
        .where('security_id', 'in', batch)
        .where('row_version', '<>', SCREENER_ROWS_VERSION)
        .execute();
      await db.transaction().execute(async (tx) => {
        for (const row of rows) {
          await tx
            .updateTable('indicators')
            .set({ row_json: indicatorRowJson(row), row_version: SCREENER_ROWS_VERSION })
            .where('security_id', '=', row.security_id)
            .where('row_version', '<>', SCREENER_ROWS_VERSION)
            .where('updated_at', '=', row.updated_at)
            .execute();
        }
      });
    },
    options,
  );
}

/**
 * Rewrites the chart points of every year written by code of another version, one security per
 * transaction, letting the event loop run between them (the server answers meanwhile, making the bytes
 * of the years not rewritten yet from their closes). A year is rewritten only if its days and closes
 * are still those the bytes were made from (a load may rewrite it meanwhile, with the current version).
 */
export async function rebuildChartPoints(db: Db, options: TurnOptions = {}): Promise<RebuildCounts> {
  return rebuildInTurns(
    await staleChartPoints(db),
    1,
    async ([id]) => {
      const years = await db
        .selectFrom('price_years')
        .select(['year', 'days', 'close_split_adj'])
        .where('security_id', '=', id as number)
        .where('chart_version', '<>', CHART_POINTS_VERSION)
        .execute();
      const rows = years.map((row) => ({ ...row, points: chartPointsOfYear(row.days, row.close_split_adj) }));
      await db.transaction().execute(async (tx) => {
        for (const row of rows) {
          await tx
            .updateTable('price_years')
            .set({ chart_points: row.points, chart_version: CHART_POINTS_VERSION })
            .where('security_id', '=', id as number)
            .where('year', '=', row.year)
            .where('chart_version', '<>', CHART_POINTS_VERSION)
            .where('days', '=', row.days)
            .where('close_split_adj', '=', row.close_split_adj)
            .execute();
        }
      });
    },
    options,
  );
}

/**
 * Writes the values of every security whose values are missing or stale, one transaction each, letting
 * the event loop run between them (the server answers meanwhile, computing what is not stored yet).
 * A security that fails (its data changed under the transaction) is left to be computed per request.
 */
export async function rebuildStatementValues(db: Db, options: TurnOptions = {}): Promise<RebuildCounts> {
  return rebuildInTurns(
    await staleStatementValues(db),
    1,
    ([id]) => db.transaction().execute((tx) => writeStatementValues(tx, id as number)),
    options,
  );
}
