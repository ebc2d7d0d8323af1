import type { ScreenerChoices } from '@app/contract';
import type { Db } from '../../db/index.ts';

const CHOICE_COLUMNS = ['sector', 'industry', 'country', 'exchange'] as const;

/**
 * Every distinct non-empty sector, industry, country and exchange among the stocks of the screener table
 * (one DISTINCT per column over all rows, whatever the universe's size), sorted by code point so both
 * engines answer alike; the page sorts them by their label in its language.
 */
export async function screenerChoices(db: Db): Promise<ScreenerChoices> {
  const out = { sector: [], industry: [], country: [], exchange: [] } as ScreenerChoices;
  for (const column of CHOICE_COLUMNS) {
    const rows = await db
      .selectFrom('indicators')
      .select(column)
      .distinct()
      .where('kind', '=', 'stock')
      .where(column, 'is not', null)
      .where(column, '!=', '')
      .execute();
    out[column] = rows.map((row) => row[column] as string).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return out;
}
