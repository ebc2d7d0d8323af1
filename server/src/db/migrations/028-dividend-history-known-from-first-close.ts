import type { Kysely } from 'kysely';

/*
 * Issue 42, the oracle's differences settled: the dividend history is known from the first close of the
 * loaded prices (a yield and the yield percentile from a year after it, not after the first ex-date), and the
 * dividend growth count and 5-year CAGR read only the calendar years that history covers whole. Stored
 * screener rows hold the old figures: they are deleted, and the repair at start (ingest/repair.ts) computes
 * every security's again (ADR 0022), as migration 027 did.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const dividendHistoryFromFirstCloseMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.deleteFrom('indicators').execute();
  },
  async down(): Promise<void> {
    // Nothing to undo: the rows the repair wrote are the code's, whichever migration ran last.
  },
};
