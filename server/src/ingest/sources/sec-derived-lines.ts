import type { FactRecord } from '../types.ts';
import { instant } from './sec-concept-spec.ts';
import type { RawFact } from './sec-facts.ts';
import { combinedVersions, historyOf } from './sec-versions.ts';

/*
 * Lines of the statements made from, or checked against, other lines of the same period after the concept
 * chains chose each one (sec-statements.ts): a total from its parts, long-term debt without the current
 * maturities a short-term line already holds, a part of revenue dropped where it is the total.
 */

/**
 * Where an item has no fact of its own for a period, the sum of its parts when every part has one
 * (derived, naming every filing); never a partial sum.
 */
export function sumOfParts(chosen: Map<string, RawFact>, parts: readonly Map<string, RawFact>[]): void {
  const [first, ...rest] = parts;
  if (!first) return;
  for (const [key, f] of first) {
    if (chosen.has(key)) continue;
    const all = [f, ...rest.map((p) => p.get(key))];
    if (all.some((p) => p === undefined)) continue;
    const present = all as RawFact[];
    const accessions = [...new Set(present.flatMap((p) => p.accn?.split(',') ?? []))];
    chosen.set(key, {
      ...f,
      val: Number(present.reduce((total, p) => total + p.val, 0).toPrecision(12)),
      concept: present.map((p) => p.concept).join('+'),
      accn: accessions.length > 0 ? accessions.join(',') : null,
      derived: true,
      first: undefined,
      history: combinedVersions(present.map(historyOf), (values) => values.reduce((total, v) => total + v, 0)),
    });
  }
}

/** The current maturities of long-term debt, read only to take them out of a LongTermDebt total. */
export const CURRENT_MATURITIES = instant('current_maturities', 'LongTermDebtCurrent');
/** Short-term debt concepts that include the current maturities of long-term debt. */
const WITH_CURRENT_MATURITIES = new Set(['LongTermDebtCurrent', 'DebtCurrent']);

/**
 * `LongTermDebt` is long-term debt with its current maturities; `LongTermDebtCurrent` and `DebtCurrent`
 * (the short-term debt line) hold them too. Where a period's long-term debt is that total and its
 * short-term debt includes the current maturities, the long-term line is the total less them (derived):
 * otherwise total debt, short plus long, would count them twice. Banks that file LongTermDebt beside
 * short-term borrowings alone keep it whole (nothing is counted twice there).
 */
export function withoutCurrentDebtTwice(
  facts: FactRecord[],
  currentMaturities: ReadonlyMap<string, number>,
): FactRecord[] {
  const key = (f: FactRecord) => `${f.period}|${f.periodEnd}`;
  const shortTerm = new Map(facts.filter((f) => f.lineItem === 'short_term_debt').map((f) => [key(f), f]));
  return facts.map((f) => {
    if (f.lineItem !== 'long_term_debt' || f.concept !== 'LongTermDebt') return f;
    const short = shortTerm.get(key(f));
    const current = currentMaturities.get(f.periodEnd);
    if (!short || !WITH_CURRENT_MATURITIES.has(short.concept) || current === undefined || current > f.value) return f;
    // Neither the first-filed value nor the filed versions are of this difference: it is known as of its filing.
    const { firstFiled: _first, versions: _versions, ...rest } = f;
    return {
      ...rest,
      value: Number((f.value - current).toPrecision(12)),
      concept: 'LongTermDebt-LongTermDebtCurrent',
      derived: true,
    };
  });
}

/** A part of revenue is its own line only where revenue is a larger total: else it would repeat revenue. */
export function withoutSameAsTotal(facts: FactRecord[]): FactRecord[] {
  const revenue = new Map<string, number>();
  const key = (f: FactRecord) => `${f.period}|${f.periodEnd}`;
  for (const f of facts) if (f.lineItem === 'revenue') revenue.set(key(f), f.value);
  return facts.filter(
    (f) => f.lineItem !== 'sales_revenue' || (revenue.has(key(f)) && revenue.get(key(f)) !== f.value),
  );
}
