import type { Transaction } from 'kysely';
import type { Period, Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import type { StatementFact } from '../derived/fact-statements.ts';
import { dayNumber } from '../finance/types.ts';
import type { FactRecord, SplitRecord } from './types.ts';

/*
 * How what a source sends merges with what is stored, where that is more than "newer wins" (store.ts):
 * splits reported by two sources, and a source that sends a company's whole statement history.
 */

type Tx = Transaction<Schema>;

const same = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Two records of one split from two sources lie at most this many days apart (a record date, the first trading day). */
const SAME_SPLIT_DAYS = 31;
const sameRatio = (a: { numerator: number; denominator: number }, b: { numerator: number; denominator: number }) =>
  same(a.numerator / a.denominator, b.numerator / b.denominator);

/**
 * One split table from every source: the filings' split facts (dated by the filer, often the record
 * date) and the price source's (the first day of trading in the new terms). The same ratio within a
 * month is one split, kept once: on the price source's day, which is the one prices change on. Returns
 * the security's splits after the merge and how many rows were written or moved.
 */
export async function mergeSplits(tx: Tx, id: number, incoming: readonly SplitRecord[], source: string) {
  const stored = await tx.selectFrom('splits').selectAll().where('security_id', '=', id).execute();
  // The filings give the whole split history on every load: a split only they gave that they no longer
  // give (an older parser counted a split's announcement and its payout as two, issue 43) goes.
  const stale =
    source === 'sec'
      ? stored.filter((s) => s.source === 'sec' && !incoming.some((i) => i.day === s.day && sameRatio(i, s)))
      : [];
  for (const s of stale) await tx.deleteFrom('splits').where('security_id', '=', id).where('day', '=', s.day).execute();
  const byDay = new Map(stored.filter((s) => !stale.includes(s)).map((s) => [s.day, s]));
  const rows: Schema['splits'][] = [];
  for (const s of incoming) {
    const old = byDay.get(s.day);
    if (old && sameRatio(old, s)) continue;
    const twin = old
      ? undefined
      : [...byDay.values()].find(
          (o) => sameRatio(o, s) && Math.abs(dayNumber(o.day) - dayNumber(s.day)) <= SAME_SPLIT_DAYS,
        );
    if (twin) {
      // The filings' date gives way to the price source's; any other pair keeps the day stored first.
      if (source === 'sec' || twin.source !== 'sec') continue;
      await tx.deleteFrom('splits').where('security_id', '=', id).where('day', '=', twin.day).execute();
      byDay.delete(twin.day);
    }
    const row = { security_id: id, day: s.day, numerator: s.numerator, denominator: s.denominator, source };
    rows.push(row);
    byDay.set(s.day, row);
  }
  await upsertRows(tx, 'splits', rows, ['security_id', 'day'], ['numerator', 'denominator', 'source']);
  return { splits: [...byDay.values()], changed: rows.length + stale.length };
}

/**
 * A source that sends a company's whole history (SEC companyfacts) replaces what it sent before: a
 * stored fact it no longer gives is deleted (a period an older parser made of a cover-page date, a
 * concept no longer read). Returns the kinds of period of the deleted facts, one per fact; `byKey` loses
 * them too, and a kind left without facts loses its statement rows.
 */
export async function deleteFactsNotSent(
  tx: Tx,
  id: number,
  sent: readonly FactRecord[],
  byKey: Map<string, Pick<StatementFact, 'period' | 'line_item' | 'period_end'>>,
): Promise<Period[]> {
  const keys = new Set(sent.map((f) => `${f.period}|${f.lineItem}|${f.periodEnd}`));
  const removed: Period[] = [];
  for (const [key, f] of [...byKey]) {
    if (keys.has(key)) continue;
    await tx
      .deleteFrom('financial_facts')
      .where('security_id', '=', id)
      .where('period', '=', f.period)
      .where('line_item', '=', f.line_item)
      .where('period_end', '=', f.period_end)
      .execute();
    byKey.delete(key);
    removed.push(f.period);
  }
  for (const period of new Set(removed)) {
    if ([...byKey.values()].some((f) => f.period === period)) continue;
    await tx.deleteFrom('fact_statements').where('security_id', '=', id).where('period', '=', period).execute();
  }
  return removed;
}
