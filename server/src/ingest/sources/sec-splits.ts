import { dayNumber } from '../../finance/types.ts';
import { finiteNumber, isDay, type SplitRecord } from '../types.ts';
import type { LineItemSpec } from './sec-concepts.ts';
import { SPLIT_CONCEPTS } from './sec-concepts.ts';
import { type Filing, filingIndex, isObject, type RawFact, unitsOf } from './sec-facts.ts';

/*
 * Stock splits in the filings, and the share terms of each filed per-share value and share count.
 *
 * A filing restates its comparative periods after a split (a 10-Q filed after a 2:1 split gives last
 * year's quarter at half the EPS it first had). "The latest filing wins" would then mix share terms:
 * one quarter as first filed, the next as restated. So every per-share value and share count is brought
 * back to the share terms of its own period end (as first filed), and the statements restate each
 * period once, by the split table (splits after its end: derived/fiscal-periods.ts), into today's
 * terms. Whether a filing already restated a period is read from the filings themselves: the shares
 * (or EPS) it gives for a period against those a filing before the split gave for the same period.
 * Without such a pair, a filing made after the split is taken as restated (US GAAP restates per-share
 * figures retroactively, even for a split after the balance-sheet date and before issuance).
 */

/** Two values are "the same" or "one split apart" within this relative difference (rounding in filings). */
const TOLERANCE = 0.03;
const near = (a: number, b: number) => Math.abs(a / b - 1) < TOLERANCE;

/**
 * A split is one event however many facts, tags and days report it: filers tag the ratio on the day the
 * board approved it and again on the day it was paid (Alphabet's 20-for-1: 2022-02-01 and 2022-07-15;
 * NVIDIA's 4-for-1: 2021-06-03 and 2021-07-19). The same ratio tagged on days at most this far from the
 * event's first day is that event (no filer splits twice by the same ratio within nine months).
 */
export const SPLIT_EVENT_WINDOW_DAYS = 270;

/**
 * Later reports mention a split again at their own period ends, over the quarter their statements cover
 * (Tesla tags its 5-for-1 of 2020-08-10 again over Q1 2021, and its 3-for-1 of 2022-08-05 over Q3 2022 and
 * Q3 2021): such a mention within
 * this many days of an event of the same ratio is that event (a year of comparatives and the window).
 */
const MENTION_DAYS = 450;

interface Tagged {
  day: string;
  ratio: number;
  accn: string | null;
}

/**
 * The splits the filings tag (StockholdersEquityNoteStockSplitConversionRatio1: 4 for a 4-for-1, 0.1
 * for a 1-for-10 reverse split), one per event, on its payout day: the latest day a fact of the event is
 * dated, other than a period end of its filing (a mention, above). One filing that tags a ratio on several
 * days (a 10-Q after a split repeats it a year earlier, in its comparative period) gives its latest.
 * Durations longer than a quarter give no day. Facts of any form count here (an 8-K announcing a split
 * dates it as well as a 10-Q). A split only ever tagged at period ends is dated by its first filing.
 */
export function splitFacts(facts: Record<string, unknown>, filings = filingIndex(facts)): SplitRecord[] {
  const days: Tagged[] = [];
  const mentions: Tagged[] = [];
  for (const concept of SPLIT_CONCEPTS) {
    for (const list of Object.values(unitsOf(facts, concept) ?? {})) {
      if (!Array.isArray(list)) continue;
      for (const f of list) {
        if (!isObject(f) || !isDay(f.end)) continue;
        const ratio = finiteNumber(f.val);
        if (ratio === null || ratio <= 0 || ratio === 1) continue;
        if (isDay(f.start) && dayNumber(f.end) - dayNumber(f.start) > 100) continue;
        const accn = typeof f.accn === 'string' && f.accn !== '' ? f.accn : null;
        // At a period end of its filing, as an instant or over the quarter the statement covers: a mention.
        const span = isDay(f.start) ? dayNumber(f.end) - dayNumber(f.start) : 0;
        const atPeriodEnd =
          accn !== null && (span === 0 || span >= 75) && (filings.get(accn)?.ends.includes(f.end) ?? false);
        (atPeriodEnd ? mentions : days).push({ day: f.end, ratio, accn });
      }
    }
  }
  // A filing's latest day per ratio (its comparative contexts are earlier), then one event per window.
  const perFiling = new Map<string, Tagged>();
  days.forEach((s, i) => {
    const key = s.accn === null ? `#${i}` : `${s.accn}|${s.ratio}`;
    const seen = perFiling.get(key);
    if (!seen || s.day > seen.day) perFiling.set(key, s);
  });
  // In day order: a later day of the same event moves it there (the payout comes after the announcement).
  const events = groups([...perFiling.values()]).map((group) => group.at(-1) as Tagged);
  const unexplained = mentions.filter(
    (m) => !events.some((e) => near(e.ratio, m.ratio) && Math.abs(dayNumber(e.day) - dayNumber(m.day)) <= MENTION_DAYS),
  );
  // Mentions alone: the latest day the first filing gives, so later reports' period ends do not move it.
  for (const group of groups(unexplained)) {
    const first = group.reduce((a, b) => (filedOf(filings, b) < filedOf(filings, a) ? b : a));
    events.push(group.filter((m) => m.accn === first.accn).at(-1) as Tagged);
  }
  events.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return events.map(({ day, ratio }) => splitRecord(day, ratio));
}

const filedOf = (filings: ReadonlyMap<string, Filing>, t: Tagged) => (t.accn ? filings.get(t.accn)?.filed : null) ?? '';

/** Tagged days in groups of one ratio within the window of the group's first day, each in day order. */
function groups(tagged: readonly Tagged[]): Tagged[][] {
  const sorted = [...tagged].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const out: Tagged[][] = [];
  for (const s of sorted) {
    const same = out.find(
      (g) =>
        near((g[0] as Tagged).ratio, s.ratio) &&
        dayNumber(s.day) - dayNumber((g[0] as Tagged).day) <= SPLIT_EVENT_WINDOW_DAYS,
    );
    if (same) same.push(s);
    else out.push([s]);
  }
  return out;
}

/** A ratio as the split table keeps it: 4-for-1 is 4:1, a 1-for-10 reverse split 1:10. */
function splitRecord(day: string, ratio: number): SplitRecord {
  if (ratio >= 1) return { day, numerator: ratio, denominator: 1 };
  return { day, numerator: 1, denominator: wholeInverse(ratio) ?? 1 / ratio };
}

/**
 * The whole n of a reverse split 1-for-n tagged as a rounded decimal: the one n whose 1/n rounds to the
 * ratio at the decimals it was tagged with (Kiora tagged its 1-for-9 as 0.111111, and as 0.111). A ratio
 * that two whole n round to (0.06: 1/16 and 1/17) is kept as tagged.
 */
function wholeInverse(ratio: number): number | null {
  const exact = Math.round(1 / ratio);
  if (Math.abs(1 / ratio - exact) < 1e-6) return exact;
  const digits = /^0\.(\d+)$/.exec(String(ratio))?.[1];
  if (!digits) return null;
  const half = 0.5 * 10 ** -digits.length;
  if (ratio - half <= 0) return null;
  const fits: number[] = [];
  for (let n = Math.max(2, Math.floor(1 / (ratio + half))); n <= Math.ceil(1 / (ratio - half)); n++)
    if (Math.abs(ratio - 1 / n) <= half + 1e-12) fits.push(n);
  return fits.length === 1 ? (fits[0] as number) : null;
}

const ratioOf = (s: SplitRecord) => s.numerator / s.denominator;

/** The items whose values are in share terms: per-share amounts and share counts. */
const inShareTerms = (spec: LineItemSpec) => spec.unit === 'perShare' || spec.unit === 'shares';

/**
 * Brings every per-share value and share count to the share terms of its period end (in place), for
 * the splits the filings tag: a value a filing restated for a split after the period end is restated
 * back, once; a cover-page count is in the terms of its own date.
 */
export function toPeriodShareTerms(
  perItem: readonly { spec: LineItemSpec; raw: RawFact[] }[],
  splits: readonly SplitRecord[],
): void {
  if (splits.length === 0) return;
  const restated = restatedFilings(perItem, splits);
  for (const { spec, raw } of perItem) {
    if (!inShareTerms(spec)) continue;
    for (const f of raw) {
      let factor = 1;
      splits.forEach((split, j) => {
        if (f.end >= split.day) return; // a period ending after the split is in its terms in every filing
        const inTermsAfter = f.asOf !== null ? f.asOf >= split.day : restated(f, spec.item, j);
        if (inTermsAfter) factor *= ratioOf(split);
      });
      // Per share: more per share before a split; share counts: fewer shares before it.
      if (factor !== 1) f.val = Number((spec.unit === 'perShare' ? f.val * factor : f.val / factor).toPrecision(12));
    }
  }
}

/** The items compared across filings to see whether one restated a period for a split. */
const COMPARED = new Set(['shares_basic', 'shares_diluted', 'shares_outstanding', 'eps_basic', 'eps_diluted']);

interface Reported {
  fact: RawFact;
  perShare: boolean;
}

/**
 * Whether the filing of a fact gave it in the share terms after split j (only asked for a period that
 * ends before the split, of a filing made after it). The fact's own period as a filing before the split
 * gave it decides first: one split's ratio away (restated) or equal (not; a 10-K's table of quarters is
 * sometimes left as first filed). Else the filing's votes over every period it shares with filings made
 * before the split; with no vote at all, restated.
 */
function restatedFilings(
  perItem: readonly { spec: LineItemSpec; raw: RawFact[] }[],
  splits: readonly SplitRecord[],
): (f: RawFact, item: string, j: number) => boolean {
  const byPeriod = new Map<string, Reported[]>();
  const keyOf = (item: string, f: RawFact) => `${item}|${f.start}|${f.end}`;
  for (const { spec, raw } of perItem) {
    if (!COMPARED.has(spec.item)) continue;
    for (const fact of raw) {
      if (fact.asOf !== null || !fact.accn || !fact.filed || fact.val === 0) continue;
      const key = keyOf(spec.item, fact);
      const list = byPeriod.get(key) ?? [];
      list.push({ fact, perShare: spec.unit === 'perShare' });
      byPeriod.set(key, list);
    }
  }
  /** +1 restated, -1 as first filed, 0 no evidence: b's value against the same period's before split j. */
  const evidence = (list: readonly Reported[], b: Reported, split: SplitRecord) => {
    let sum = 0;
    for (const a of list) {
      if ((a.fact.filed as string) >= split.day) continue;
      const q = b.perShare ? a.fact.val / b.fact.val : b.fact.val / a.fact.val;
      sum += near(q, ratioOf(split)) ? 1 : near(q, 1) ? -1 : 0;
    }
    return Math.sign(sum);
  };
  const votes = new Map<string, number>();
  splits.forEach((split, j) => {
    for (const list of byPeriod.values()) {
      for (const b of list) {
        if ((b.fact.filed as string) < split.day || b.fact.end >= split.day) continue;
        const key = `${b.fact.accn}|${j}`;
        votes.set(key, (votes.get(key) ?? 0) + evidence(list, b, split));
      }
    }
  });
  return (f, item, j) => {
    const split = splits[j] as SplitRecord;
    if (!f.filed || f.filed < split.day) return false;
    const own = byPeriod.get(keyOf(item, f))?.find((r) => r.fact === f);
    const direct = own ? evidence(byPeriod.get(keyOf(item, f)) as Reported[], own, split) : 0;
    if (direct !== 0) return direct > 0;
    return (votes.get(`${f.accn}|${j}`) ?? 0) >= 0;
  };
}

/** Factor that brings a per-share value of day `from` into the share terms of day `to` (splits in between). */
export function perShareFactorBetween(splits: readonly SplitRecord[], from: string, to: string): number {
  let factor = 1;
  for (const s of splits) if (s.day > from && s.day <= to) factor /= ratioOf(s);
  return factor;
}
