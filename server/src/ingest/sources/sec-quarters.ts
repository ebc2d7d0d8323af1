import { addDays, dayNumber } from '../../finance/types.ts';
import type { FactRecord, SplitRecord } from '../types.ts';
import type { LineItemSpec } from './sec-concepts.ts';
import type { RawFact } from './sec-facts.ts';
import { perShareFactorBetween } from './sec-splits.ts';
import { combinedVersions, historyOf } from './sec-versions.ts';

/*
 * Quarters the filings do not give as such: Q2 and Q3 from year-to-date values, Q4 from the fiscal year.
 * Each is derived, names every filing it uses (the 10-K first) and has the history of its inputs
 * combined (statements as filed on a day).
 */

/** A quarter's value minus another (the difference of two year-to-date values) is this many days after it. */
const isQuarterGap = (days: number) => days >= 75 && days <= 105;

/**
 * The quarters a 10-Q gives only as year-to-date values (cash-flow statements are year-to-date: six
 * and nine months): Q2 = H1 - Q1, Q3 = 9M - H1, each from the same fiscal-year start, where the
 * three-month value was not filed. Derived, naming both filings. Amounts only: per-share values and
 * share counts do not subtract.
 */
export function quartersFromYearToDate(chosen: Map<string, RawFact>): void {
  const toDate = [...chosen.entries()]
    .filter(([key]) => key.startsWith('Y|'))
    .map(([, f]) => f)
    .sort((a, b) => (a.end < b.end ? -1 : 1));
  for (const y of toDate) {
    if (chosen.has(`Q|${y.end}`)) continue;
    const before = [...chosen.entries()].find(([key, p]) => {
      if (p.start !== y.start || !(key.startsWith('Q|') || key.startsWith('Y|'))) return false;
      return isQuarterGap(dayNumber(y.end) - dayNumber(p.end));
    })?.[1];
    if (!before) continue;
    chosen.set(`Q|${y.end}`, {
      ...y,
      start: addDays(before.end, 1),
      val: Number((y.val - before.val).toPrecision(12)),
      accn:
        [y.accn, ...(before.accn?.split(',') ?? [])].filter((a, i, all) => a && all.indexOf(a) === i).join(',') || null,
      derived: true,
      first: undefined,
      history: combinedVersions([historyOf(y), historyOf(before)], ([whole, part]) => (whole ?? 0) - (part ?? 0)),
    });
  }
}

/** A fact's versions, or the fact alone as its one version. */
const versionsOfRecord = (f: FactRecord) => f.versions ?? [{ value: f.value, accession: f.accession, filed: f.filed }];

/**
 * Q4 of a flow in money or per share, where the fourth quarter was not filed: FY - (Q1 + Q2 + Q3), or,
 * when one of the first three quarters is missing, FY - 9M (the nine months year-to-date of the same
 * fiscal year: a company that paid its first dividend in the second quarter files no Q1 dividend, but
 * its third 10-Q gives the nine months). Per-share values are first brought into the terms of the year
 * end (a split inside the year). Share counts are averages, never derived. The value names the 10-K and
 * the 10-Qs it uses, the 10-K first.
 */
export function fourthQuarters(
  spec: LineItemSpec,
  facts: readonly FactRecord[],
  quarters: ReadonlyMap<string, FactRecord>,
  yearToDate: readonly RawFact[],
  splits: readonly SplitRecord[],
): FactRecord[] {
  const out: FactRecord[] = [];
  const factorTo = (end: string, yearEnd: string) =>
    spec.unit === 'perShare' ? perShareFactorBetween(splits, end, yearEnd) : 1;
  for (const annual of facts.filter(
    (f) => f.lineItem === spec.item && f.period === 'annual' && f.fiscalPeriod === 'FY',
  )) {
    const start = annual.periodStart ?? '';
    const until = addDays(annual.periodEnd, 7);
    const inYear = [...quarters.values()].filter((q) => q.periodEnd > start && q.periodEnd <= until);
    if (inYear.some((q) => q.fiscalPeriod === 'Q4')) continue;
    const firstThree = [1, 2, 3].map((n) => inYear.find((q) => q.fiscalPeriod === `Q${n}`));
    let parts: { end: string; value: number; accession: string | null; versions: FactRecord['versions'] }[];
    if (firstThree.every((q) => q !== undefined)) {
      parts = (firstThree as FactRecord[]).map((q) => ({
        end: q.periodEnd,
        value: q.value,
        accession: q.accession,
        versions: versionsOfRecord(q),
      }));
    } else {
      const nine = yearToDate.find(
        (y) => y.start === start && isQuarterGap(dayNumber(annual.periodEnd) - dayNumber(y.end)),
      );
      if (!nine) continue;
      parts = [{ end: nine.end, value: nine.val, accession: nine.accn, versions: historyOf(nine) }];
    }
    const factors = parts.map((p) => factorTo(p.end, annual.periodEnd));
    const sum = parts.reduce((total, p, i) => total + p.value * (factors[i] as number), 0);
    const lastEnd = (parts.at(-1) as (typeof parts)[number]).end;
    const accessions = [...new Set([annual, ...parts].flatMap((f) => f.accession?.split(',') ?? []))];
    const { firstFiled: _first, ...ofYear } = annual;
    out.push({
      ...ofYear,
      period: 'quarterly',
      periodStart: addDays(lastEnd, 1),
      fiscalPeriod: 'Q4',
      // toPrecision drops the binary noise of the subtraction (0.9 - 0.67 = 0.22999999999999998).
      value: Number((annual.value - sum).toPrecision(12)),
      accession: accessions.length > 0 ? accessions.join(',') : null,
      derived: true,
      versions: combinedVersions([versionsOfRecord(annual), ...parts.map((p) => p.versions ?? [])], ([year, ...rest]) =>
        rest.reduce((left, v, i) => left - v * (factors[i] as number), year as number),
      ),
    });
  }
  return out;
}
