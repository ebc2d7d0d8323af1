import { median } from './stats.ts';
import { addDays, dayNumber } from './types.ts';

/*
 * The next report date, estimated from the company's own filing calendar (issue 33): the fiscal period
 * after its last filed one ends one period later (3 months for a quarterly filer, 12 for an annual-only
 * one; 13 or 52 weeks when its periods end on a weekday rather than at a month's end, as 52-53-week years
 * do), and is expected after the company's median filing lag for that kind of report (the annual report
 * takes longer than a quarter's). An estimate, never a date the company announced.
 */

/** One filed period: its end, its label, and the day its first filing was made public. */
export interface FiledPeriod {
  periodEnd: string;
  fiscalPeriod: 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'FY';
  filed: string;
}

export type FilingCadence = 'quarterly' | 'annual' | 'irregular' | 'none';

export interface ReportEstimate {
  cadence: FilingCadence;
  /** The expected filing day; null when the calendar cannot be read (irregular, none). */
  expected: {
    date: string;
    periodEnd: string;
    fiscalPeriod: 'Q1' | 'Q2' | 'Q3' | 'FY';
    /** The median days from period end to filing the estimate used. */
    lagDays: number;
    /** How many past filings that median is of. */
    basedOn: number;
  } | null;
}

/** Filings looked at: the last two years of a quarterly filer's. */
const RECENT = 8;
/** A company whose last period ended more than this before `at` has stopped filing: no estimate. */
const STALE_DAYS = 2 * 366;

/** A median number of days, whole (median is null only for none, and callers have some). */
const medianDays = (values: readonly number[]) => Math.round(median(values) as number);

const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);

/** The end of the period `months` after one that ended on `end`. */
export function nextPeriodEnd(end: string, months: 3 | 12): string {
  const year = Number(end.slice(0, 4));
  const month = Number(end.slice(5, 7)) - 1;
  if (end === monthEnd(year, month)) return monthEnd(year + Math.floor((month + months) / 12), (month + months) % 12);
  return addDays(end, months === 3 ? 91 : 364);
}

/** The cadence of the gaps between the period ends (days): about a quarter, about a year, or neither. */
function cadenceOf(ends: readonly string[]): FilingCadence {
  if (ends.length < 2) return ends.length === 1 ? 'annual' : 'none';
  const gaps = ends.slice(1).map((end, i) => dayNumber(end) - dayNumber(ends[i] as string));
  const gap = medianDays(gaps);
  if (gap >= 80 && gap <= 100) return 'quarterly';
  if (gap >= 350 && gap <= 380) return 'annual';
  return 'irregular';
}

const NEXT_LABEL = { Q1: 'Q2', Q2: 'Q3', Q3: 'FY', Q4: 'Q1', FY: 'Q1' } as const;

/**
 * The next report after the filings (one per period end, any order) as known on `at` (the last trading
 * day): when the expected day has passed without a filing, the period after it is expected instead.
 */
export function estimateNextReport(filings: readonly FiledPeriod[], at: string): ReportEstimate {
  const sorted = [...filings].filter((f) => f.filed <= at).sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  const recent = sorted.slice(-RECENT);
  const last = recent.at(-1);
  if (!last || dayNumber(at) - dayNumber(last.periodEnd) > STALE_DAYS) return { cadence: 'none', expected: null };
  const cadence = cadenceOf(recent.map((f) => f.periodEnd));
  if (cadence !== 'quarterly' && cadence !== 'annual') return { cadence, expected: null };
  const lag = (f: FiledPeriod) => dayNumber(f.filed) - dayNumber(f.periodEnd);
  const annualLags = sorted
    .filter((f) => f.fiscalPeriod === 'FY' || f.fiscalPeriod === 'Q4')
    .slice(-3)
    .map(lag);
  const quarterLags = recent.filter((f) => f.fiscalPeriod !== 'FY' && f.fiscalPeriod !== 'Q4').map(lag);
  let periodEnd = last.periodEnd;
  let label: 'Q1' | 'Q2' | 'Q3' | 'FY' = cadence === 'annual' ? 'FY' : NEXT_LABEL[last.fiscalPeriod];
  for (;;) {
    periodEnd = nextPeriodEnd(periodEnd, cadence === 'annual' ? 12 : 3);
    // The annual report's own lag; a quarter's when the company has no annual report yet, and back.
    const lags =
      label === 'FY' ? (annualLags.length ? annualLags : quarterLags) : quarterLags.length ? quarterLags : annualLags;
    const lagDays = medianDays(lags);
    const date = addDays(periodEnd, lagDays);
    if (date > at)
      return { cadence, expected: { date, periodEnd, fiscalPeriod: label, lagDays, basedOn: lags.length } };
    label = cadence === 'annual' ? 'FY' : NEXT_LABEL[label];
  }
}
