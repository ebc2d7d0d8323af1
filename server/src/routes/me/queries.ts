import type { Db } from '../../db/index.ts';

export async function watchlistOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlists')
    .select('ticker')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.ticker);
}

/** Replaces a user's watchlist with the given tickers, in order, in one transaction. */
export async function replaceWatchlist(db: Db, userId: number, tickers: string[]): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    // The user's row is written first, a no-op that takes its lock on PostgreSQL (SQLite's transactions
    // begin immediate): one user's PUTs from two tabs then replace the list in turn, where both used to
    // delete, then both insert, and one failed on the primary key (issue 45).
    await trx
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', userId)
      .execute();
    const kept = new Map(
      (await trx.selectFrom('watchlists').select(['ticker', 'added_at']).where('user_id', '=', userId).execute()).map(
        (row) => [row.ticker, row.added_at],
      ),
    );
    await trx.deleteFrom('watchlists').where('user_id', '=', userId).execute();
    if (tickers.length === 0) return;
    await trx
      .insertInto('watchlists')
      .values(
        tickers.map((ticker, position) => ({ user_id: userId, ticker, position, added_at: kept.get(ticker) ?? now })),
      )
      .execute();
  });
}
