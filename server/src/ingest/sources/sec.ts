import type { Period } from '../../db/schema.ts';
import { addDays, dayNumber } from '../../finance/types.ts';
import type { HttpClient } from '../http-client.ts';
import { sectorOfSic } from '../sectors.ts';
import { type FactRecord, finiteNumber, isDay, type Rejection, type SecurityProfile, type Source } from '../types.ts';
import { LINE_ITEMS, type LineItemSpec } from './sec-concepts.ts';

/*
 * SEC EDGAR: company_tickers.json (ticker -> CIK), submissions (profile) and companyfacts (XBRL facts).
 * Facts name their filing in fy/fp, not their period: a period is identified by start/end, the latest
 * filing wins (restatements), and Q4 = FY - (Q1 + Q2 + Q3) for flow items because it is never filed.
 */

export class ParseError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const cik10 = (cik: string | number) => String(cik).padStart(10, '0');

/** company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...} */
export function parseCompanyTickers(json: unknown): Map<string, { cik: string; title: string }> {
  if (!isObject(json)) throw new ParseError('company_tickers', 'expected an object of entries');
  const out = new Map<string, { cik: string; title: string }>();
  for (const entry of Object.values(json)) {
    if (!isObject(entry)) continue;
    const cik = entry.cik_str;
    const ticker = entry.ticker;
    if ((typeof cik !== 'number' && typeof cik !== 'string') || typeof ticker !== 'string') continue;
    out.set(ticker.toUpperCase(), {
      cik: String(Number(cik)),
      title: typeof entry.title === 'string' ? entry.title : ticker,
    });
  }
  if (out.size === 0) throw new ParseError('company_tickers', 'no ticker entries');
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** submissions/CIK##########.json -> the profile fields SEC knows. */
export function parseSubmissions(json: unknown, ticker: string): SecurityProfile {
  if (!isObject(json)) throw new ParseError('submissions', 'expected an object');
  const name = str(json.name);
  if (!name) throw new ParseError('name', 'submissions has no company name');
  const exchanges = Array.isArray(json.exchanges)
    ? json.exchanges.filter((e): e is string => typeof e === 'string')
    : [];
  const sic = str(json.sic);
  const business = isObject(json.addresses) && isObject(json.addresses.business) ? json.addresses.business : {};
  const foreign = business.isForeignLocation === 1;
  const fye = str(json.fiscalYearEnd);
  return {
    ticker,
    kind: 'stock',
    name,
    exchange: exchanges[0] ?? null,
    cik: json.cik != null ? String(Number(json.cik)) : null,
    sicCode: sic,
    sicDescription: str(json.sicDescription),
    sector: sic ? sectorOfSic(sic) : null,
    industry: str(json.sicDescription),
    // Domestic filers give a state code; foreign ones a country description.
    country: foreign ? str(business.stateOrCountryDescription) : 'US',
    fiscalYearEnd: fye && /^\d{4}$/.test(fye) ? fye : null,
    website: str(json.website),
    investorRelationsUrl: str(json.investorWebsite),
    description: str(json.description),
  };
}

interface RawFact {
  start: string | null;
  end: string;
  val: number;
  accn: string | null;
  fy: number | null;
  fp: string | null;
  form: string | null;
  filed: string | null;
  concept: string;
  priority: number;
}

/** Durations (end - start, days) that count as a year or a quarter; other spans are year-to-date. */
const isAnnualSpan = (days: number) => days >= 340 && days <= 380;
const isQuarterSpan = (days: number) => days >= 75 && days <= 105;

/** The fiscal year a period end belongs to: its calendar year, except 52/53-week years ending in early January. */
export function fiscalYearOfEnd(end: string): number {
  const year = Number(end.slice(0, 4));
  return end.slice(5, 7) === '01' && Number(end.slice(8, 10)) <= 10 ? year - 1 : year;
}

function rawFacts(
  facts: Record<string, unknown>,
  spec: LineItemSpec,
  ticker: string,
  rejections: Rejection[],
): RawFact[] {
  const out: RawFact[] = [];
  spec.concepts.forEach((qualified, priority) => {
    const [taxonomy, concept] = qualified.includes(':')
      ? (qualified.split(':') as [string, string])
      : ['us-gaap', qualified];
    const tax = facts[taxonomy];
    const entry = isObject(tax) ? tax[concept] : undefined;
    const units = isObject(entry) && isObject(entry.units) ? entry.units[spec.unit] : undefined;
    if (!Array.isArray(units)) return;
    for (const f of units) {
      const reject = (reason: string) => {
        rejections.push({ source: 'sec', ticker, field: `${spec.item}.${concept}`, reason });
      };
      if (!isObject(f)) {
        reject('fact is not an object');
        continue;
      }
      const val = finiteNumber(f.val);
      const start = f.start == null ? null : f.start;
      if (!isDay(f.end)) reject(`bad end date ${JSON.stringify(f.end)}`);
      else if (start !== null && !isDay(start)) reject(`bad start date ${JSON.stringify(start)}`);
      else if (start !== null && start > f.end) reject(`start ${start} after end ${f.end}`);
      else if (val === null) reject(`value ${JSON.stringify(f.val)} is not a number`);
      else
        out.push({
          start,
          end: f.end,
          val,
          accn: str(f.accn),
          fy: typeof f.fy === 'number' ? f.fy : null,
          fp: str(f.fp),
          form: str(f.form),
          filed: isDay(f.filed) ? f.filed : null,
          concept: qualified,
          priority,
        });
    }
  });
  return out;
}

/** Per period: the first concept of the chain that has it, then the latest filing (restatements win). */
function better(a: RawFact, b: RawFact): RawFact {
  if (a.priority !== b.priority) return a.priority < b.priority ? a : b;
  if ((a.filed ?? '') !== (b.filed ?? '')) return (a.filed ?? '') > (b.filed ?? '') ? a : b;
  return (a.accn ?? '') >= (b.accn ?? '') ? a : b;
}

interface AnnualPeriod {
  start: string;
  end: string;
}

function fact(
  spec: LineItemSpec,
  f: RawFact,
  period: Period,
  fiscalYear: number,
  fiscalPeriod: FactRecord['fiscalPeriod'],
) {
  return {
    lineItem: spec.item,
    period,
    periodStart: f.start,
    periodEnd: f.end,
    fiscalYear,
    fiscalPeriod,
    value: f.val,
    unit: spec.unit,
    concept: f.concept,
    accession: f.accn,
    form: f.form,
    filed: f.filed,
    derived: false,
  } satisfies FactRecord;
}

/** Where a quarter ending at `end` sits in its fiscal year: the annual period around it, or the fiscal year end. */
function placeQuarter(
  end: string,
  annuals: AnnualPeriod[],
  fyeMmdd: string | null,
): { fy: number; q: 1 | 2 | 3 | 4 } | null {
  const around = annuals.find((a) => end > addDays(a.start, 30) && end <= addDays(a.end, 7));
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
  return { fy: fiscalYearOfEnd(fyEnd), q: q as 1 | 2 | 3 | 4 };
}

/** Derive Q4 flows that were not filed: FY - (Q1 + Q2 + Q3). Share counts are averages, not sums: never derived. */
const DERIVE_Q4_UNITS = new Set(['USD', 'USD/shares']);

/** companyfacts JSON -> normalised facts for the statements, per-share data and dividends per share. */
export function parseCompanyFacts(
  json: unknown,
  ticker: string,
  fiscalYearEnd: string | null = null,
): { facts: FactRecord[]; rejections: Rejection[] } {
  if (!isObject(json) || !isObject(json.facts)) throw new ParseError('facts', 'companyfacts has no facts object');
  const rejections: Rejection[] = [];
  const perItem = LINE_ITEMS.map((spec) => ({
    spec,
    raw: rawFacts(json.facts as Record<string, unknown>, spec, ticker, rejections),
  }));

  // The fiscal years of the company: every annual flow period of any item.
  const annualMap = new Map<string, AnnualPeriod>();
  for (const { spec, raw } of perItem) {
    if (spec.kind !== 'flow') continue;
    for (const f of raw)
      if (f.start && isAnnualSpan(dayNumber(f.end) - dayNumber(f.start)) && !annualMap.has(f.end))
        annualMap.set(f.end, { start: f.start, end: f.end });
  }
  const annuals = [...annualMap.values()];
  const annualEnds = new Set(annualMap.keys());

  const out: FactRecord[] = [];
  for (const { spec, raw } of perItem) {
    const chosen = new Map<string, RawFact>();
    for (const f of raw) {
      let key: string;
      if (spec.kind === 'flow') {
        if (!f.start) continue;
        const span = dayNumber(f.end) - dayNumber(f.start);
        if (isAnnualSpan(span)) key = `A|${f.end}`;
        else if (isQuarterSpan(span)) key = `Q|${f.end}`;
        else continue; // year-to-date values: the quarters are filed separately
      } else {
        if (f.start) continue;
        key = `I|${f.end}`;
      }
      const current = chosen.get(key);
      chosen.set(key, current ? better(current, f) : f);
    }

    const quarters = new Map<string, FactRecord>();
    for (const [key, f] of chosen) {
      if (key.startsWith('A|')) {
        out.push(fact(spec, f, 'annual', fiscalYearOfEnd(f.end), 'FY'));
        continue;
      }
      const isYearEnd = annualEnds.has(f.end);
      if (key.startsWith('I|') && (isYearEnd || (spec.item === 'shares_outstanding' && f.form === '10-K'))) {
        out.push(fact(spec, f, 'annual', isYearEnd ? fiscalYearOfEnd(f.end) : (f.fy ?? fiscalYearOfEnd(f.end)), 'FY'));
      }
      const place = placeQuarter(f.end, annuals, fiscalYearEnd);
      if (!place) continue;
      const q = fact(spec, f, 'quarterly', place.fy, `Q${place.q}`);
      quarters.set(f.end, q);
      out.push(q);
    }

    if (spec.kind !== 'flow' || !DERIVE_Q4_UNITS.has(spec.unit)) continue;
    for (const annual of out.filter((f) => f.lineItem === spec.item && f.period === 'annual')) {
      const start = annual.periodStart ?? '';
      const inYear = [...quarters.values()].filter(
        (q) => q.periodEnd > start && q.periodEnd <= addDays(annual.periodEnd, 7),
      );
      if (inYear.some((q) => q.fiscalPeriod === 'Q4')) continue;
      const firstThree = [1, 2, 3].map((n) => inYear.find((q) => q.fiscalPeriod === `Q${n}`));
      if (firstThree.some((q) => !q)) continue;
      const q3 = firstThree[2] as FactRecord;
      out.push({
        ...annual,
        period: 'quarterly',
        periodStart: addDays(q3.periodEnd, 1),
        fiscalPeriod: 'Q4',
        // toPrecision drops the binary noise of the subtraction (0.9 - 0.67 = 0.22999999999999998).
        value: Number((annual.value - firstThree.reduce((sum, q) => sum + (q as FactRecord).value, 0)).toPrecision(12)),
        derived: true,
      });
    }
  }
  return { facts: out, rejections };
}

export interface SecSourceOptions {
  /** data.sec.gov (submissions, companyfacts). */
  data: HttpClient;
  /** Full URL of company_tickers.json (on www.sec.gov). */
  tickersUrl: string;
}

/** The SEC source: profile from submissions, statements from companyfacts. Prices come from another source. */
export function secSource({ data, tickersUrl }: SecSourceOptions): Source {
  let tickers: Promise<Map<string, { cik: string; title: string }>> | null = null;
  const tickerMap = () => {
    tickers ??= data.getJson(tickersUrl).then(parseCompanyTickers);
    return tickers;
  };
  return {
    name: 'sec',
    async listTickers() {
      return [...(await tickerMap()).keys()];
    },
    async fetchSecurity(ticker) {
      const entry = (await tickerMap()).get(ticker.toUpperCase());
      if (!entry) throw new ParseError('ticker', `${ticker} is not in SEC company_tickers.json`);
      const profile = parseSubmissions(
        await data.getJson(`/submissions/CIK${cik10(entry.cik)}.json`),
        ticker.toUpperCase(),
      );
      const { facts, rejections } = parseCompanyFacts(
        await data.getJson(`/api/xbrl/companyfacts/CIK${cik10(entry.cik)}.json`),
        ticker.toUpperCase(),
        profile.fiscalYearEnd ?? null,
      );
      return { profile, facts, rejections };
    },
  };
}
