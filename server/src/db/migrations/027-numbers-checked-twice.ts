import type { Kysely } from 'kysely';

/*
 * Issue 42, every number checked twice: stored screener rows were computed with formulas since changed
 * (no dividend yield or yield percentile before a whole year of dividend history; P/E on diluted EPS,
 * basic where none is filed). A screener row is the metric catalogue's snapshot stored (ADR 0022): the
 * rows are deleted, and the repair at start (ingest/repair.ts) computes every security's again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const numbersCheckedTwiceMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.deleteFrom('indicators').execute();
  },
  async down(): Promise<void> {
    // Nothing to undo: the rows the repair wrote are the code's, whichever migration ran last.
  },
};
