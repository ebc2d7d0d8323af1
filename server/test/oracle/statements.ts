import { daysBetween } from './days.ts';
import type { Fact, Security } from './stored.ts';

/*
 * Statement values known on a day, from the stored facts (finance-definitions.md "Periods"): the sum of
 * the last four consecutive quarters filed by the day (balance items: the last quarter's value), else the
 * last fiscal year. Per-share values and share counts are restated here for every split after the period
 * (the demo stores them in the terms of their period's end, as a filing does).
 */
const PER_SHARE = new Set(['eps_basic', 'eps_diluted', 'dividends_per_share']);
const SHARE_COUNTS = new Set(['shares_basic', 'shares_diluted', 'shares_outstanding']);
const QUARTERS = new Set(['Q1', 'Q2', 'Q3', 'Q4']);

export interface Basis {
  basis: 'ttm' | 'fy';
  /** The period ends summed (four quarters, or the fiscal year's end). */
  ends: string[];
  period: 'quarterly' | 'annual';
}

export interface Statements {
  /** Known on the day: ended and filed by it (a fact without a filing day is known from its end). */
  basisOn(day: string): Basis | null;
  /** A flow over the basis (summed quarters or the year); null when a period lacks it. */
  flow(basis: Basis, item: string): number | null;
  /** A balance item at the basis' end. */
  stock(basis: Basis, item: string): number | null;
  /** A balance item's latest value known on the day (any period), restated. */
  latest(item: string, day: string): number | null;
  /** A balance item at a given period end (any kind of period). */
  stockAt(end: string, item: string): number | null;
  /** Annual values of an item, by period end, known by the day. */
  annual(item: string, day: string): { end: string; value: number }[];
}

const made = new WeakMap<Security, Statements>();

/** A security's statements, made once (the checks ask for them per weekly point). */
export function statementsOf(s: Security): Statements {
  let st = made.get(s);
  if (!st) {
    st = makeStatements(s);
    made.set(s, st);
  }
  return st;
}

function makeStatements(s: Security): Statements {
  const factor = (f: Fact) => {
    let k = 1;
    for (const split of s.splits) if (split.day > f.end) k *= split.ratio;
    return k;
  };
  const restated = (f: Fact) =>
    PER_SHARE.has(f.item) ? f.value / factor(f) : SHARE_COUNTS.has(f.item) ? f.value * factor(f) : f.value;
  const byKey = new Map<string, Fact>();
  for (const f of s.facts) byKey.set(`${f.period}|${f.item}|${f.end}`, f);
  const known = (f: Fact, day: string) => f.end <= day && (f.filed === null || f.filed <= day);
  const byItem = new Map<string, Fact[]>();
  for (const f of s.facts) byItem.set(f.item, [...(byItem.get(f.item) ?? []), f]);
  const quarters = s.facts.filter((f) => f.period === 'quarterly' && QUARTERS.has(f.fiscalPeriod));
  const years = s.facts.filter((f) => f.period === 'annual' && f.fiscalPeriod === 'FY');
  // Each period end with the first day any of its facts is known (its end, or its earliest filing after).
  const knownFrom = (facts: readonly Fact[]) => {
    const out = new Map<string, string>();
    for (const f of facts) {
      const from = f.filed !== null && f.filed > f.end ? f.filed : f.end;
      const was = out.get(f.end);
      if (was === undefined || from < was) out.set(f.end, from);
    }
    return [...out].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  };
  const quarterEnds = knownFrom(quarters);
  const yearEnds = knownFrom(years);
  const value = (period: string, item: string, end: string) => {
    const f = byKey.get(`${period}|${item}|${end}`);
    return f ? restated(f) : null;
  };
  return {
    basisOn(day) {
      const ends = quarterEnds.filter(([, from]) => from <= day).map(([end]) => end);
      const last4 = ends.slice(-4);
      // Consecutive: each quarter ends about three months after the one before.
      const quarterApart = (end: string, i: number) => {
        const gap = i === 0 ? 91 : daysBetween(last4[i - 1] as string, end);
        return gap >= 80 && gap <= 100;
      };
      const consecutive = last4.length === 4 && last4.every(quarterApart);
      if (consecutive) return { basis: 'ttm', ends: last4, period: 'quarterly' };
      const fy = yearEnds.filter(([, from]) => from <= day).at(-1)?.[0];
      return fy ? { basis: 'fy', ends: [fy], period: 'annual' } : null;
    },
    flow(basis, item) {
      let sum = 0;
      for (const end of basis.ends) {
        const v = value(basis.period, item, end);
        if (v === null) return null;
        sum += v;
      }
      return sum;
    },
    stock(basis, item) {
      return value(basis.period, item, basis.ends.at(-1) as string);
    },
    latest(item, day) {
      let best: Fact | undefined;
      for (const f of byItem.get(item) ?? []) if (known(f, day) && (!best || f.end > best.end)) best = f;
      return best ? restated(best) : null;
    },
    stockAt(end, item) {
      return value('quarterly', item, end) ?? value('annual', item, end);
    },
    annual(item, day) {
      return years
        .filter((f) => f.item === item && known(f, day))
        .map((f) => ({ end: f.end, value: restated(f) }))
        .sort((a, b) => (a.end < b.end ? -1 : 1));
    },
  };
}
