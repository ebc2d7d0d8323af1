import type { Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.ts';

/*
 * The rows as stored, read straight from the tables (issue 42): the oracle's only inputs besides the
 * API's own raw daily answers. Nothing here calls the server's metrics, finance or derived modules.
 */
export interface Close {
  day: string;
  /** As traded. */
  close: number;
  /** Restated for later splits. */
  split: number;
  /** Restated for later splits and dividends (total return). */
  adj: number;
}

export interface Fact {
  item: string;
  period: 'annual' | 'quarterly';
  start: string | null;
  end: string;
  fiscalPeriod: string;
  value: number;
  filed: string | null;
  derived: boolean;
  concept: string;
  firstValue: number | null;
  firstFiled: string | null;
}

export interface Security {
  id: number;
  ticker: string;
  kind: 'stock' | 'crypto';
  sector: string | null;
  industry: string | null;
  sic: string | null;
  closes: Close[];
  dividends: { exDate: string; amount: number }[];
  splits: { day: string; ratio: number }[];
  facts: Fact[];
  /** Newest circulating supply on or before each day, ascending (coins). */
  supply: { day: string; circulating: number }[];
}

function groupBy<T extends { security_id: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.security_id);
    if (list) list.push(row);
    else out.set(row.security_id, [row]);
  }
  return out;
}

/** Every security with its stored history, by ticker. */
export async function readStored(db: Kysely<Schema>): Promise<Map<string, Security>> {
  const securities = await db
    .selectFrom('securities')
    .select(['id', 'ticker', 'kind', 'sector', 'industry', 'sic_code'])
    .orderBy('ticker')
    .execute();
  const prices = groupBy(
    await db
      .selectFrom('daily_prices')
      .select(['security_id', 'day', 'close', 'close_split_adj', 'close_adj'])
      .orderBy('security_id')
      .orderBy('day')
      .execute(),
  );
  const dividends = groupBy(
    await db
      .selectFrom('dividends')
      .select(['security_id', 'ex_date', 'amount_split_adj'])
      .orderBy('ex_date')
      .execute(),
  );
  const splits = groupBy(
    await db.selectFrom('splits').select(['security_id', 'day', 'numerator', 'denominator']).orderBy('day').execute(),
  );
  const facts = groupBy(
    await db
      .selectFrom('financial_facts')
      .select([
        'security_id',
        'line_item',
        'period',
        'period_start',
        'period_end',
        'fiscal_period',
        'value',
        'filed',
        'derived',
        'concept',
        'first_value',
        'first_filed',
      ])
      .execute(),
  );
  const supply = groupBy(
    await db
      .selectFrom('coin_supply')
      .select(['security_id', 'day', 'circulating_supply'])
      .where('circulating_supply', 'is not', null)
      .orderBy('day')
      .execute(),
  );
  const out = new Map<string, Security>();
  for (const s of securities) {
    out.set(s.ticker, {
      id: s.id,
      ticker: s.ticker,
      kind: s.kind,
      sector: s.sector,
      industry: s.industry,
      sic: s.sic_code,
      // PostgreSQL hands back double precision as numbers and dates as text in this schema (db/schema.ts).
      closes: (prices.get(s.id) ?? []).map((p) => ({
        day: String(p.day),
        close: Number(p.close),
        split: Number(p.close_split_adj),
        adj: Number(p.close_adj),
      })),
      dividends: (dividends.get(s.id) ?? []).map((d) => ({
        exDate: String(d.ex_date),
        amount: Number(d.amount_split_adj),
      })),
      splits: (splits.get(s.id) ?? []).map((x) => ({
        day: String(x.day),
        ratio: Number(x.numerator) / Number(x.denominator),
      })),
      facts: (facts.get(s.id) ?? []).map((f) => ({
        item: f.line_item,
        period: f.period,
        start: f.period_start === null ? null : String(f.period_start),
        end: String(f.period_end),
        fiscalPeriod: f.fiscal_period,
        value: Number(f.value),
        filed: f.filed === null ? null : String(f.filed),
        derived: Number(f.derived) === 1,
        concept: f.concept,
        firstValue: f.first_value === null || f.first_value === undefined ? null : Number(f.first_value),
        firstFiled: f.first_filed === null || f.first_filed === undefined ? null : String(f.first_filed),
      })),
      supply: (supply.get(s.id) ?? []).map((x) => ({ day: String(x.day), circulating: Number(x.circulating_supply) })),
    });
  }
  return out;
}
