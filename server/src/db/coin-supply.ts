import type { Db } from './index.ts';

/*
 * The newest supply figures of a coin (coin_supply, migration 012), each from the newest day that has
 * it: CoinGecko gives the circulating supply every day (from its market caps) but the total and maximum
 * supply only on the day of its coin answer. Three reads of the table's (security, day) key.
 */
export interface LatestCoinSupply {
  /** Day of the newest circulating supply. */
  day: string;
  circulating: number;
  total: number | null;
  max: number | null;
}

/** `onOrBefore`: the newest known on that day (the screener as of a day); absent, the newest of all. */
export async function selectLatestCoinSupply(
  db: Db,
  securityId: number,
  onOrBefore?: string,
): Promise<LatestCoinSupply | null> {
  const newest = <C extends 'circulating_supply' | 'total_supply' | 'max_supply'>(column: C) =>
    db
      .selectFrom('coin_supply')
      .select(['day', column])
      .where('security_id', '=', securityId)
      .where(column, 'is not', null)
      .$if(onOrBefore !== undefined, (q) => q.where('day', '<=', onOrBefore as string))
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
  const [circulating, total, max] = await Promise.all([
    newest('circulating_supply'),
    newest('total_supply'),
    newest('max_supply'),
  ]);
  if (!circulating || circulating.circulating_supply == null) return null;
  return {
    day: circulating.day,
    circulating: Number(circulating.circulating_supply),
    total: total?.total_supply == null ? null : Number(total.total_supply),
    max: max?.max_supply == null ? null : Number(max.max_supply),
  };
}
