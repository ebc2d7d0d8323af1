import { addDays, type DividendPoint, dayNumber, type PricePoint } from './types.ts';

/* Dividends per share, yield, payout and growth (finance-definitions.md, Per share and dividends). */

export interface YearDps {
  year: number;
  /** Sum of split-adjusted dividends with ex-date in the calendar year. */
  dps: number;
  /** DPS(y) / DPS(y-1) - 1, null for the first year or after a year without dividends. */
  growth: number | null;
}

/** DPS per calendar year from the first to the last year with a dividend; years between without one are 0. */
export function dpsByYear(dividends: readonly DividendPoint[]): YearDps[] {
  if (dividends.length === 0) return [];
  const sums = new Map<number, number>();
  for (const d of dividends) {
    const year = Number(d.exDate.slice(0, 4));
    sums.set(year, (sums.get(year) ?? 0) + d.amount);
  }
  const years = [...sums.keys()];
  const first = Math.min(...years);
  const last = Math.max(...years);
  const out: YearDps[] = [];
  for (let year = first; year <= last; year++) {
    const dps = sums.get(year) ?? 0;
    const previous = out[out.length - 1];
    out.push({ year, dps, growth: previous && previous.dps > 0 ? dps / previous.dps - 1 : null });
  }
  return out;
}

/** Sum of the dividends with ex-date in the 365 days up to and including the day. */
export function ttmDividends(dividends: readonly DividendPoint[], at: string): number {
  const from = addDays(at, -365);
  let sum = 0;
  for (const d of dividends) if (d.exDate > from && d.exDate <= at) sum += d.amount;
  return sum;
}

/** Dividend yield in % from TTM dividends per share and the close (same share terms). */
export function dividendYieldPct(ttmDps: number, close: number): number | null {
  if (!(close > 0)) return null;
  return (ttmDps / close) * 100;
}

export interface YieldPoint {
  day: string;
  yieldPct: number;
}

/**
 * The first calendar year the loaded history covers whole (finance-definitions.md, dividend growth): the
 * first close's own year when no trading day of that year came before it, else the next one. A year's first
 * trading day is its first weekday after New Year's Day (2 January is skipped too when it is the Monday
 * the holiday is observed on): a history loaded from 3 January covers that year, one from 26 June does not.
 * Null without a close.
 */
export function firstFullYear(firstClose: string | undefined): number | null {
  if (firstClose === undefined) return null;
  const year = Number(firstClose.slice(0, 4));
  return firstClose <= firstTradingDay(year) ? year : year + 1;
}

/** The first weekday after 1 January (a Monday 2 January is New Year's observed holiday). */
function firstTradingDay(year: number): string {
  for (let day = 2; ; day++) {
    const weekday = new Date(Date.UTC(year, 0, day)).getUTCDay();
    const observedHoliday = day === 2 && weekday === 1;
    if (weekday !== 0 && weekday !== 6 && !observedHoliday) return `${year}-01-0${day}`;
  }
}

/**
 * Dividend yield for every trading day: TTM dividends / close. Prices and dividends must be in the
 * same share terms (both split-adjusted). A sliding window keeps it linear in the number of days.
 * Only the days whose 365-day window the dividend history covers whole have a yield (finance-definitions.md):
 * the history is known from `knownFrom`, the first close of the whole loaded price history (before it
 * nothing is known, not even that nothing was paid; after it, a day without an ex-date paid nothing), so the
 * first yield is 365 days after it. A partial year's sum started every payer's chart at 0 % (issue 42).
 * `prices` may start later than `knownFrom` (a range), never earlier.
 */
export function dividendYieldSeries(
  prices: readonly PricePoint[],
  dividends: readonly DividendPoint[],
  knownFrom: string | undefined,
): YieldPoint[] {
  if (knownFrom === undefined) return [];
  const divs = [...dividends].sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
  // Day numbers, not addDays' text: a day string per trading day was most of a long series' time.
  const exDays = divs.map((d) => dayNumber(d.exDate));
  const firstCovered = dayNumber(knownFrom) + 365;
  const out: YieldPoint[] = [];
  let head = 0;
  let tail = 0;
  let sum = 0;
  for (const p of prices) {
    while (head < divs.length && (divs[head] as DividendPoint).exDate <= p.day)
      sum += (divs[head++] as DividendPoint).amount;
    // Out of the window: ex-dates on or before the day 365 days back (addDays(day, -365)).
    const dayNo = dayNumber(p.day);
    const from = dayNo - 365;
    while (tail < head && (exDays[tail] as number) <= from) sum -= (divs[tail++] as DividendPoint).amount;
    if (dayNo < firstCovered) continue;
    const y = dividendYieldPct(Math.max(sum, 0), p.close);
    if (y != null) out.push({ day: p.day, yieldPct: y });
  }
  return out;
}

/** Whether the dividend history known from `knownFrom` covers the whole 365 days up to `at` (the yield's rule above). */
export function coversYear(knownFrom: string | undefined, at: string): boolean {
  return knownFrom !== undefined && dayNumber(knownFrom) + 365 <= dayNumber(at);
}

/** Payout ratio = DPS / EPS; null (not infinite) when EPS <= 0, as in a loss year. */
export function payoutRatio(dps: number | null, eps: number | null): number | null {
  if (dps == null || eps == null || eps <= 0) return null;
  return dps / eps;
}

/** Cash payout ratio = dividends paid / (operating cash flow - capital expenditure); null when FCF <= 0. */
export function cashPayoutRatio(
  dividendsPaid: number | null,
  operatingCashFlow: number | null,
  capex: number | null,
): number | null {
  if (dividendsPaid == null || operatingCashFlow == null) return null;
  const fcf = operatingCashFlow - Math.abs(capex ?? 0);
  return fcf > 0 ? Math.abs(dividendsPaid) / fcf : null;
}

/** The last calendar year that is over at the day (the year before the day's year). */
export function lastFullYear(at: string): number {
  return Number(at.slice(0, 4)) - 1;
}

/**
 * (DPS(y) / DPS(y-n))^(1/n) - 1 over full years; null when either is 0 or unknown, or when the history does
 * not cover the start year whole (`firstFull`, firstFullYear): a partial first year's DPS is not a year's.
 */
export function dividendCagr(
  years: readonly YearDps[],
  endYear: number,
  firstFull: number | null,
  span = 5,
): number | null {
  if (firstFull === null || endYear - span < firstFull) return null;
  const end = years.find((y) => y.year === endYear)?.dps ?? 0;
  const start = years.find((y) => y.year === endYear - span)?.dps ?? 0;
  if (end <= 0 || start <= 0) return null;
  return (end / start) ** (1 / span) - 1;
}

/**
 * Full calendar years with DPS(y) > DPS(y-1) > 0, counted back from endYear: both years covered whole by
 * the history (from `firstFull`, firstFullYear), so a partial first year never counts as a smaller one.
 * A first dividend after a year without one is a start, not growth.
 */
export function dividendGrowthStreak(years: readonly YearDps[], endYear: number, firstFull: number | null): number {
  if (firstFull === null) return 0;
  const byYear = new Map(years.map((y) => [y.year, y.dps]));
  let streak = 0;
  for (let year = endYear; year - 1 >= firstFull; year--) {
    const current = byYear.get(year) ?? 0;
    const previous = byYear.get(year - 1) ?? 0;
    if (current > 0 && previous > 0 && current > previous) streak++;
    else return streak;
  }
  return streak;
}

export interface YieldBand {
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
}

export interface YieldPercentile {
  day: string;
  yieldPct: number;
  /** Share (0..100) of the trading days in the window with a yield at or below today's. */
  percentile: number;
  band: YieldBand;
  windowStart: string;
  days: number;
}

/** The value at a quantile of sorted values, by linear interpolation. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/**
 * Today's yield against the security's own history: the last 10 years, or all of it when shorter,
 * but at least one year (null otherwise, and when it never paid a dividend in the window).
 */
export function yieldPercentile(series: readonly YieldPoint[], years = 10): YieldPercentile | null {
  const last = series[series.length - 1];
  const first = series[0];
  if (!last || !first) return null;
  const windowStart = addDays(last.day, -Math.round(years * 365.25));
  if (first.day > addDays(last.day, -365)) return null;
  const window = series.filter((p) => p.day > windowStart);
  // A typed array sorts numbers natively (no comparator call per pair): most of the snapshot's time before.
  const values = Float64Array.from(window, (p) => p.yieldPct).sort();
  if (!(values.length > 0 && (values[values.length - 1] as number) > 0)) return null;
  let atOrBelow = 0;
  for (const v of values) if (v <= last.yieldPct) atOrBelow++;
  return {
    day: last.day,
    yieldPct: last.yieldPct,
    percentile: (atOrBelow / values.length) * 100,
    band: {
      p10: quantile(values, 0.1),
      p25: quantile(values, 0.25),
      p50: quantile(values, 0.5),
      p75: quantile(values, 0.75),
      p90: quantile(values, 0.9),
    },
    windowStart: (window[0] as YieldPoint).day,
    days: values.length,
  };
}
