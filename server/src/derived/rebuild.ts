import type { Db } from '../db/index.ts';
import { rebuildChartPoints, staleChartPoints } from './chart-points.ts';
import { rebuildScreenerRows, staleScreenerRows } from './screener-rows.ts';
import { rebuildStatementValues, staleStatementValues } from './statement-values.ts';

/*
 * The derived rows written by code of another version (ADR 0016: a version computed from the code that
 * writes them), rewritten after a start: the screener rows, the chart points, the statement values. Each
 * kind is answered the other way meanwhile (from the columns, the closes, the statements), which gives
 * the same bytes, so the server starts this after it listens and does not wait for it (main.ts).
 */

export const DERIVED_KINDS = ['screener rows', 'chart points', 'statement values'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];

export interface RebuildCounts {
  /** Securities whose rows were rewritten. */
  written: number;
  /** Securities whose rows could not be (their data changed under the transaction): answered the other way. */
  failed: number;
}

export interface RebuildOptions {
  /** Checked between transactions: true ends the rebuild there (a shutdown). */
  stopping?: () => boolean;
  onError?: (kind: DerivedKind, securityId: number, error: unknown) => void;
  /** After each kind, with how long it took. */
  onDone?: (kind: DerivedKind, counts: RebuildCounts, ms: number) => void;
}

type Rebuild = (
  db: Db,
  options: { stopping?: () => boolean; onError?: (securityId: number, error: unknown) => void },
) => Promise<RebuildCounts>;

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
