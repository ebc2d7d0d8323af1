import { type FactVersion, finiteNumber, isDay, type Rejection } from '../types.ts';
import { LINE_ITEMS, type LineItemSpec } from './sec-concepts.ts';

/*
 * Reading companyfacts (facts.{taxonomy}.{Concept}.units.{unit}[]) into raw facts of our line items:
 * the facts of each concept of an item's chain in the company's reporting currency, with the filing
 * each came from. Cover-page (dei) facts are dated weeks after the period their filing reports (the
 * share count "as of" the cover date): they are moved onto that period, never made a period of their own.
 */

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export interface RawFact {
  start: string | null;
  /** The period end; for a cover-page fact, the end of the period its filing reports. */
  end: string;
  val: number;
  accn: string | null;
  fy: number | null;
  fp: string | null;
  form: string | null;
  filed: string | null;
  concept: string;
  /** Position of the concept in its item's chain: lower wins. */
  priority: number;
  /** The unit as filed: USD, EUR/shares, shares. */
  unit: string;
  /** A cover-page fact: the day its value is as of (its own date in the filing), else null. */
  asOf: string | null;
  /** Computed here (a quarter as the difference of two year-to-date values): accn lists both filings. */
  derived?: true;
  /** The value as first filed, where a later filing changed it (set when the period's fact is chosen). */
  first?: { value: number; accession: string | null; filed: string | null } | undefined;
  /** Every value the period's fact had over the filings (sec-versions.ts; set when the period's fact is chosen). */
  history?: FactVersion[] | undefined;
}

/** One filing (accession) as its facts show it: what it is, when it was filed, the period ends it reports. */
export interface Filing {
  form: string | null;
  filed: string | null;
  fy: number | null;
  fp: string | null;
  /**
   * Ends of the periods its flows cover (income, cash flow; not the cover page), ascending: the latest is
   * the period it reports. Instants are left out: a subsequent event may be dated after the period.
   */
  ends: string[];
}

/** Every filing of the company by accession, from all its statement facts (every concept, not only ours). */
export function filingIndex(facts: Record<string, unknown>): Map<string, Filing> {
  const ends = new Map<string, Set<string>>();
  const out = new Map<string, Filing>();
  for (const [taxonomy, concepts] of Object.entries(facts)) {
    if (taxonomy === 'dei' || !isObject(concepts)) continue;
    for (const entry of Object.values(concepts)) {
      if (!isObject(entry) || !isObject(entry.units)) continue;
      for (const list of Object.values(entry.units)) {
        if (!Array.isArray(list)) continue;
        for (const f of list) {
          if (!isObject(f) || typeof f.accn !== 'string' || !isDay(f.end)) continue;
          let filing = out.get(f.accn);
          if (!filing) {
            filing = {
              form: str(f.form),
              filed: isDay(f.filed) ? f.filed : null,
              fy: typeof f.fy === 'number' ? f.fy : null,
              fp: str(f.fp),
              ends: [],
            };
            out.set(f.accn, filing);
            ends.set(f.accn, new Set());
          }
          if (isDay(f.start)) ends.get(f.accn)?.add(f.end);
        }
      }
    }
  }
  for (const [accn, filing] of out) filing.ends = [...(ends.get(accn) ?? [])].sort();
  return out;
}

const CURRENCY = /^[A-Z]{3}$/;

/**
 * The currency the company reports in: the ISO code that most of its money facts of our line items
 * carry (a 20-F filer reports in EUR or BRL; a few facts in another currency, such as convenience
 * translations, are left out rather than mixed in). Null when it has no money facts of ours at all.
 */
export function reportingCurrency(facts: Record<string, unknown>): string | null {
  const counts = new Map<string, number>();
  for (const spec of LINE_ITEMS) {
    if (spec.unit !== 'money') continue;
    for (const qualified of spec.concepts) {
      for (const [unit, list] of Object.entries(unitsOf(facts, qualified) ?? {})) {
        if (CURRENCY.test(unit) && Array.isArray(list)) counts.set(unit, (counts.get(unit) ?? 0) + list.length);
      }
    }
  }
  let best: string | null = null;
  for (const [unit, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = unit;
  return best;
}

/** The taxonomy and name of 'taxonomy:Concept' (a bare name is us-gaap). */
export function conceptParts(qualified: string): [taxonomy: string, concept: string] {
  const at = qualified.indexOf(':');
  return at < 0 ? ['us-gaap', qualified] : [qualified.slice(0, at), qualified.slice(at + 1)];
}

export function unitsOf(facts: Record<string, unknown>, qualified: string): Record<string, unknown> | undefined {
  const [taxonomy, concept] = conceptParts(qualified);
  const tax = facts[taxonomy];
  const entry = isObject(tax) ? tax[concept] : undefined;
  return isObject(entry) && isObject(entry.units) ? entry.units : undefined;
}

/**
 * The unit keys an item's facts are read from, in the reporting currency, and the unit they are kept
 * in. A per-share concept is per share whatever its unit says: some filers give EPS in `DKK`, not
 * `DKK/shares`; both are read, and kept as per share.
 */
function unitKeys(spec: LineItemSpec, currency: string | null): { keys: string[]; unit: string } | null {
  if (spec.unit === 'shares') return { keys: ['shares'], unit: 'shares' };
  if (!currency) return null;
  if (spec.unit === 'money') return { keys: [currency], unit: currency };
  return { keys: [`${currency}/shares`, currency], unit: `${currency}/shares` };
}

/**
 * The forms a statement value may come from: periodic reports (10-K, 10-Q, a foreign issuer's 20-F, 40-F
 * and 6-K, the transition reports 10-KT and 10-QT) and their amendments. companyfacts holds every form's
 * facts: a proxy statement's pay-versus-performance table (DEF 14A) repeats the year's net income, filed
 * months after the 10-K, and would win as "the latest filing"; 8-K exhibits and prospectuses (424B, S-1)
 * repeat figures too. None of them is a statement. A 6-K carries XBRL only with financial statements.
 */
const PERIODIC_REPORT = /^(10-K|10-Q|20-F|40-F|6-K|10-KT|10-QT)(\/A)?$/;

export const isPeriodicReport = (form: string | null): boolean => form !== null && PERIODIC_REPORT.test(form);

/** The latest period end of the filing on or before `day`: the period a cover-page fact of that day describes. */
function periodOfCover(filing: Filing | undefined, day: string): string | null {
  if (!filing) return null;
  let found: string | null = null;
  for (const end of filing.ends) if (end <= day) found = end;
  return found;
}

/** The raw facts of one line item: every concept of its chain, in the reporting currency. */
export function rawFacts(
  facts: Record<string, unknown>,
  spec: LineItemSpec,
  currency: string | null,
  filings: ReadonlyMap<string, Filing>,
  ticker: string,
  rejections: Rejection[],
): RawFact[] {
  const out: RawFact[] = [];
  const units = unitKeys(spec, currency);
  if (!units) return out;
  const { unit } = units;
  spec.concepts.forEach((qualified, priority) => {
    const [taxonomy, concept] = conceptParts(qualified);
    const byUnit = unitsOf(facts, qualified);
    const list = units.keys.flatMap((key) => {
      const facts = byUnit?.[key];
      return Array.isArray(facts) ? (facts as unknown[]) : [];
    });
    for (const f of list) {
      const reject = (reason: string) => {
        rejections.push({ source: 'sec', ticker, field: `${spec.item}.${concept}`, reason });
      };
      if (!isObject(f)) {
        reject('fact is not an object');
        continue;
      }
      // Not an error in the data: a figure repeated outside a periodic report is left out, not rejected.
      if (!isPeriodicReport(str(f.form))) continue;
      const val = finiteNumber(f.val);
      const start = f.start == null ? null : f.start;
      if (!isDay(f.end)) reject(`bad end date ${JSON.stringify(f.end)}`);
      else if (start !== null && !isDay(start)) reject(`bad start date ${JSON.stringify(start)}`);
      else if (start !== null && start > f.end) reject(`start ${start} after end ${f.end}`);
      else if (val === null) reject(`value ${JSON.stringify(f.val)} is not a number`);
      else {
        const accn = str(f.accn);
        let end: string = f.end;
        let asOf: string | null = null;
        if (taxonomy === 'dei') {
          // A cover-page count as of its own date: onto the period its filing reports, or nowhere.
          const period = start === null && accn ? periodOfCover(filings.get(accn), f.end) : null;
          if (!period) continue;
          end = period;
          asOf = f.end;
        }
        out.push({
          start,
          end,
          val,
          accn,
          fy: typeof f.fy === 'number' ? f.fy : null,
          fp: str(f.fp),
          form: str(f.form),
          filed: isDay(f.filed) ? f.filed : null,
          concept: qualified,
          priority,
          unit,
          asOf,
        });
      }
    }
  });
  return out;
}
