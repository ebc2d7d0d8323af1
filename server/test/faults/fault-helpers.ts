import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/db/index.ts';
import { derivedCoverage } from '../../src/ingest/repair.ts';

/*
 * What the fault tests (issue 34) read of a server's SQLite file from outside the process: counts while it
 * loads (read-only, beside the server's WAL writes), and after it stopped, the derived rows every security
 * must have.
 */

export function countRows(file: string, table: 'securities' | 'ingest_run_items' | 'indicators'): number {
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    return (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } catch {
    return 0; // not created yet, or its tables not migrated yet
  } finally {
    sqlite?.close();
  }
}

/** Resolves once `count()` reaches `at` (polled every 25 ms), or rejects after `timeoutMs`. */
export async function waitForCount(count: () => number, at: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = count();
    if (n >= at) return n;
    if (Date.now() > deadline) throw new Error(`count stayed at ${n}, below ${at}, for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function coverageOf(file: string) {
  const database = openDatabase({ sqliteFile: file });
  try {
    return await derivedCoverage(database.db);
  } finally {
    await database.close();
  }
}

export const wholeCoverage = (securities: number) => ({
  securities,
  withoutScreenerRow: 0,
  withoutPriceChunks: 0,
  withoutStatements: 0,
});
