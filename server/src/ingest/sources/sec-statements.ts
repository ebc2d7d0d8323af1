import type { Period } from '../../db/schema.ts';
import { addDays, dayNumber } from '../../finance/types.ts';
import { type FactRecord, isDay, type Rejection, type SplitRecord } from '../types.ts';
import { ParseError } from './parse-error.ts';
import { LINE_ITEMS, type LineItemSpec, SUMS } from './sec-concepts.ts';
import { CURRENT_MATURITIES, sumOfParts, withoutCurrentDebtTwice, withoutSameAsTotal } from './sec-derived-lines.ts';
import { type Filing, filingIndex, isObject, type RawFact, rawFacts, reportingCurrency } from './sec-facts.ts';
import { alignPeriodEnds, periodEndAliases } from './sec-period-ends.ts';
import { fourthQuarters, quartersFromYearToDate } from './sec-quarters.ts';
import { splitFacts, toPeriodShareTerms } from './sec-splits.ts';
import { versionsOf } from './sec-versions.ts';

/*
 * companyfacts -> the facts of our statements. A period is identified by start/end (fy/fp name the
 * filing, not the period); of several facts for one period the first concept of the chain wins, then
 * the latest filing (restatements). One row per fiscal period: flows place the periods, instants
 * (balance sheets, the cover page's share count) only join periods that exist. Q4 is never filed:
 * Q4 = FY - (Q1 + Q2 + Q3), naming the four filings it uses.
 */

export interface CompanyFacts {
  facts: FactRecord[];
  rejections: Rejection[];
  /** The splits the filings tag: they join the price source's in one split table. */
  splits: SplitRecord[];
  /** The reporting currency of the money facts (USD, EUR, BRL), or null without any. */
  currency: string | null;
  /** Why a company yields no statement facts at all (reported in the ingest summary), else null. */
  noStatements: string | null;
}

/** Durations (end - start, days) that count as a year or a quarter; other spans are year-to-date. */
const isAnnualSpan = (days: number) => days >= 340 && days <= 380;
const isQuarterSpan = (days: number) => days >= 75 && days <= 105;
const isYearToDateSpan = (days: number) => days > 105 && days < 340;
const spanOf = (f: RawFact) => (f.start ? dayNumber(f.end) - dayNumber(f.start) : -1);

/** The calendar year of a period end, except 52/53-week years ending in the first days of January. */
export function fiscalYearOfEnd(end: string): number {
  const year = Number(end.slice(0, 4));
  return end.slice(5, 7) === '01' && Number(end.slice(8, 10)) <= 10 ? year - 1 : year;
}

/** Per period: the first concept of the chain that has it, then the latest filing (restatements win). */
export function better(a: RawFact, b: RawFact): RawFact {
  if (a.priority !== b.priority) return a.priority < b.priority ? a : b;
  if ((a.filed ?? '') !== (b.filed ?? '')) return (a.filed ?? '') > (b.filed ?? '') ? a : b;
  return (a.accn ?? '') >= (b.accn ?? '') ? a : b;
}

/** The forms of annual reports: a 10-K, or a foreign private issuer's 20-F or 40-F (and amendments). */
const ANNUAL_FORM = /^(10-K|20-F|40-F)/;

/**
 * How the company numbers its fiscal years against the calendar year of their end: 0 for most, -1 for
 * retailers whose year ending on 3 February 2024 is "fiscal 2023". Read from the original annual
 * reports (the fy of the first annual filing that reports each year); 0 when they do not say.
 */
function fiscalYearOffset(
  annualEnds: readonly string[],
  flows: readonly RawFact[],
  filings: ReadonlyMap<string, Filing>,
): number {
  const votes = new Map<number, number>();
  for (const end of annualEnds) {
    let first: RawFact | undefined;
    for (const f of flows)
      if (f.end === end && isAnnualSpan(spanOf(f)) && f.fy !== null && ANNUAL_FORM.test(f.form ?? '') && f.fp === 'FY')
        if (!first || (f.filed ?? '') < (first.filed ?? '')) first = f;
    // Its own report: the filing's latest period is this year (not a comparative in a later report).
    if (!first?.accn || filings.get(first.accn)?.ends.at(-1) !== end) continue;
    const offset = (first.fy as number) - fiscalYearOfEnd(end);
    if (offset === 0 || offset === -1) votes.set(offset, (votes.get(offset) ?? 0) + 1);
  }
  return (votes.get(-1) ?? 0) > (votes.get(0) ?? 0) ? -1 : 0;
}

interface AnnualPeriod {
  start: string;
  end: string;
}

const windows = new WeakMap<AnnualPeriod[], { annual: AnnualPeriod; after: string; until: string }[]>();

/** The days a quarter of each annual period may end in (computed once per company, not once per fact). */
function annualWindows(annuals: AnnualPeriod[]) {
  let list = windows.get(annuals);
  if (!list) {
    list = annuals.map((annual) => ({ annual, after: addDays(annual.start, 30), until: addDays(annual.end, 7) }));
    windows.set(annuals, list);
  }
  return list;
}

/** Where a quarter ending at `end` sits: the fiscal year end after it (the annual period around it, or the FYE) and its number. */
function placeQuarter(
  end: string,
  annuals: AnnualPeriod[],
  fyeMmdd: string | null,
): { fyEnd: string; q: 1 | 2 | 3 | 4 } | null {
  const around = annualWindows(annuals).find((w) => end > w.after && end <= w.until)?.annual;
  let fyEnd: string | null = around?.end ?? null;
  if (!fyEnd && fyeMmdd) {
    const sameYear = `${end.slice(0, 4)}-${fyeMmdd.slice(0, 2)}-${fyeMmdd.slice(2, 4)}`;
    fyEnd =
      isDay(sameYear) && sameYear >= addDays(end, -7) ? sameYear : `${Number(end.slice(0, 4)) + 1}${sameYear.slice(4)}`;
    if (!isDay(fyEnd)) return null;
  }
  if (!fyEnd) return null;
  const q = 4 - Math.round((dayNumber(fyEnd) - dayNumber(end)) / 91.3);
  if (q < 1 || q > 4) return null;
  return { fyEnd, q: q as 1 | 2 | 3 | 4 };
}

function record(
  spec: LineItemSpec,
  f: RawFact,
  period: Period,
  fiscalYear: number,
  fiscalPeriod: FactRecord['fiscalPeriod'],
): FactRecord {
  return {
    lineItem: spec.item,
    period,
    periodStart: f.start,
    periodEnd: f.end,
    fiscalYear,
    fiscalPeriod,
    value: f.val,
    unit: f.unit,
    concept: f.concept,
    accession: f.accn,
    form: f.form,
    filed: f.filed,
    derived: f.derived === true,
    ...(f.first ? { firstFiled: f.first } : {}),
    ...(f.history ? { versions: f.history } : {}),
  };
}

/** Two filed values are the same figure (binary noise of restated per-share values aside). */
const sameValue = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** companyfacts JSON -> normalised facts for the statements, per-share data and dividends per share. */
export function parseCompanyFacts(json: unknown, ticker: string, fiscalYearEnd: string | null = null): CompanyFacts {
  if (!isObject(json) || !isObject(json.facts)) throw new ParseError('facts', 'companyfacts has no facts object');
  const all = json.facts;
  const rejections: Rejection[] = [];
  const filings = filingIndex(all);
  const currency = reportingCurrency(all);
  const splits = splitFacts(all, filings);
  const perItem = LINE_ITEMS.map((spec) => ({ spec, raw: rawFacts(all, spec, currency, filings, ticker, rejections) }));
  // A 52/53-week filer's period tagged with two ends a day apart is one period (sec-period-ends.ts).
  const aliases = periodEndAliases(perItem.filter(({ spec }) => spec.kind === 'flow').flatMap(({ raw }) => raw));
  for (const { raw } of perItem) alignPeriodEnds(raw, aliases);
  for (const filing of filings.values())
    filing.ends = [...new Set(filing.ends.map((end) => aliases.get(end) ?? end))].sort();
  const read = (spec: LineItemSpec) => {
    const raw = rawFacts(all, spec, currency, filings, ticker, rejections);
    alignPeriodEnds(raw, aliases);
    return raw;
  };
  toPeriodShareTerms(perItem, splits);

  // The fiscal years (every annual flow period of any item) and the quarters of the company.
  const flows = perItem.filter(({ spec }) => spec.kind === 'flow').flatMap(({ raw }) => raw);
  const annualMap = new Map<string, AnnualPeriod>();
  const flowEnds = new Set<string>();
  let quartersFiled = false;
  for (const f of flows) {
    const span = spanOf(f);
    if (isAnnualSpan(span)) {
      if (!annualMap.has(f.end)) annualMap.set(f.end, { start: f.start as string, end: f.end });
      flowEnds.add(f.end);
    } else if (isQuarterSpan(span)) {
      quartersFiled = true;
      flowEnds.add(f.end);
    }
  }
  const annuals = [...annualMap.values()];
  const offset = fiscalYearOffset([...annualMap.keys()], flows, filings);
  const yearOf = (fyEnd: string) => fiscalYearOfEnd(fyEnd) + offset;
  const transitions = transitionPeriods(annuals, flows, filings);
  for (const t of transitions) flowEnds.add(t.end);

  /** Of several facts for one period: the chain's first concept, then the latest filing (keys: A|, Q|, Y|, T|, I|). */
  const choose = (spec: LineItemSpec, raw: readonly RawFact[]): Map<string, RawFact> => {
    const chosen = new Map<string, RawFact>();
    const earliest = new Map<string, Map<string, RawFact>>();
    const candidates = new Map<string, RawFact[]>();
    for (const f of raw) {
      let key: string;
      if (spec.kind === 'flow') {
        const span = spanOf(f);
        if (transitions.some((t) => t.start === f.start && t.end === f.end)) key = `T|${f.end}`;
        else if (isAnnualSpan(span)) key = `A|${f.end}`;
        else if (isQuarterSpan(span)) key = `Q|${f.end}`;
        // Per-share year-to-date values are kept for Q4 = FY - 9M only (sec-quarters.ts).
        else if (isYearToDateSpan(span) && spec.unit !== 'shares') key = `Y|${f.start}|${f.end}`;
        else continue;
      } else {
        // An instant joins the period its flows define: never a period of its own (one row per period).
        if (f.start || !flowEnds.has(f.end)) continue;
        key = `I|${f.end}`;
      }
      const current = chosen.get(key);
      chosen.set(key, current ? better(current, f) : f);
      const list = candidates.get(key);
      if (list) list.push(f);
      else candidates.set(key, [f]);
      const byConcept = earliest.get(key) ?? new Map<string, RawFact>();
      const first = byConcept.get(f.concept);
      if (!first || (f.filed ?? '') < (first.filed ?? '')) byConcept.set(f.concept, f);
      earliest.set(key, byConcept);
    }
    // The restatement ledger: the same concept's value as first filed, where a later filing changed it;
    // and every value the period had over the filings (statements as filed on a day).
    for (const [key, f] of chosen) {
      const history = versionsOf(candidates.get(key) ?? [f], better);
      const first = earliest.get(key)?.get(f.concept);
      if (!first || first === f || !first.filed || !f.filed || first.filed >= f.filed || sameValue(first.val, f.val))
        chosen.set(key, { ...f, history });
      else chosen.set(key, { ...f, history, first: { value: first.val, accession: first.accn, filed: first.filed } });
    }
    return chosen;
  };

  const out: FactRecord[] = [];
  for (const { spec, raw } of perItem) {
    const chosen = choose(spec, raw);
    const sum = SUMS.find((s) => s.item === spec.item);
    if (sum)
      sumOfParts(
        chosen,
        sum.parts.map((part) => choose(part, read(part))),
      );
    if (spec.kind === 'flow' && spec.unit === 'money') quartersFromYearToDate(chosen);

    const quarters = new Map<string, FactRecord>();
    for (const [key, f] of chosen) {
      if (key.startsWith('Y|')) continue;
      if (key.startsWith('A|')) {
        out.push(record(spec, f, 'annual', yearOf(f.end), 'FY'));
        continue;
      }
      if (transitions.some((t) => t.end === f.end)) {
        // Between two fiscal years of different year ends: no fiscal year and no quarter, in both statements.
        // Only the whole transition period (T|) and its balance sheet (I|): a quarter ending with a longer
        // transition period is part of it, not a period of its own.
        if (key.startsWith('Q|')) continue;
        out.push(record(spec, f, 'annual', yearOf(f.end), 'TP'));
        if (quartersFiled) out.push(record(spec, f, 'quarterly', yearOf(f.end), 'TP'));
        continue;
      }
      if (key.startsWith('I|') && annualMap.has(f.end)) out.push(record(spec, f, 'annual', yearOf(f.end), 'FY'));
      // Annual-only filers (20-F, 40-F): a year-end balance sheet is not a quarter.
      if (!quartersFiled) continue;
      const place = placeQuarter(f.end, annuals, fiscalYearEnd);
      if (!place) continue;
      const q = record(spec, f, 'quarterly', yearOf(place.fyEnd), `Q${place.q}`);
      quarters.set(f.end, q);
      out.push(q);
    }
    if (spec.kind === 'flow' && spec.unit !== 'shares') {
      const yearToDate = [...chosen].filter(([key]) => key.startsWith('Y|')).map(([, f]) => f);
      out.push(...fourthQuarters(spec, out, quarters, yearToDate, splits));
    }
  }
  const currentMaturities = new Map(
    [...choose(CURRENT_MATURITIES, read(CURRENT_MATURITIES)).values()].map((f) => [f.end, f.val]),
  );
  const facts = withoutSameAsTotal(withoutCurrentDebtTwice(out, currentMaturities));
  return { facts, rejections, splits, currency, noStatements: facts.length > 0 ? null : whyNone(all, currency) };
}

/** A period between two fiscal years of different year ends (a change of fiscal year). */
interface TransitionPeriod {
  start: string;
  end: string;
}

/** The form of a transition report: 10-KT (or 10-QT), and their amendments. */
const TRANSITION_FORM = /^10-[KQ]T/;

/**
 * The transition periods of a fiscal-year change: the gap between two consecutive fiscal years whose
 * year ends differ (the old year's end + 1 day to the new year's start - 1 day), and the period a
 * transition report (10-KT) reports when the new year has no annual figures yet. A flow over exactly
 * such a span is the transition period's.
 */
function transitionPeriods(
  annuals: readonly AnnualPeriod[],
  flows: readonly RawFact[],
  filings: ReadonlyMap<string, Filing>,
): TransitionPeriod[] {
  const out: TransitionPeriod[] = [];
  const sorted = [...annuals].sort((a, b) => (a.end < b.end ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1] as AnnualPeriod, sorted[i] as AnnualPeriod];
    const gap = dayNumber(after.start) - dayNumber(before.end) - 1;
    if (gap < 28 || gap >= 340 || before.end.slice(5) === after.end.slice(5)) continue;
    out.push({ start: addDays(before.end, 1), end: addDays(after.start, -1) });
  }
  const lastAnnual = sorted.at(-1)?.end ?? '';
  for (const f of flows) {
    if (!f.start || !f.accn || !TRANSITION_FORM.test(f.form ?? '') || isAnnualSpan(spanOf(f))) continue;
    if (f.end <= lastAnnual || filings.get(f.accn)?.ends.at(-1) !== f.end) continue;
    // The longest span the transition report gives for its own end: the whole transition period.
    const known = out.find((t) => t.end === f.end);
    if (!known) out.push({ start: f.start, end: f.end });
    else if (f.start < known.start) known.start = f.start;
  }
  return out;
}

/** Why a company's companyfacts give no statement: said in the ingest summary. */
function whyNone(facts: Record<string, unknown>, currency: string | null): string {
  const taxonomies = Object.keys(facts).filter((t) => isObject(facts[t]) && Object.keys(facts[t]).length > 0);
  if (taxonomies.length === 0) return 'companyfacts holds no XBRL facts';
  const statements = taxonomies.filter((t) => t !== 'dei');
  if (statements.length === 0) return 'only cover-page (dei) facts, no financial statements in XBRL';
  const concepts = statements.reduce((n, t) => n + Object.keys(facts[t] as object).length, 0);
  if (!currency) return `none of its ${concepts} ${statements.join('/')} concepts is a statement line item read here`;
  return `no ${currency} statement facts over a fiscal year or quarter (${concepts} ${statements.join('/')} concepts)`;
}
