/*
 * Calendar arithmetic of the oracle's own, on 'YYYY-MM-DD' days in UTC (no server helper: issue 42 wants
 * every expected number made here).
 */
const MS_PER_DAY = 86_400_000;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function plusDays(day: string, days: number): string {
  return fromMs(toMs(day) + days * MS_PER_DAY);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / MS_PER_DAY);
}

/** The same date some months earlier, clamped to that month's end (31 March - 1 month = 28 or 29 February). */
export function monthsEarlier(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

/** Monday of the day's week (weeks run Monday to Sunday, docs/api.md "Resolution"). */
export function mondayOf(day: string): string {
  const weekday = new Date(toMs(day)).getUTCDay();
  return plusDays(day, -((weekday + 6) % 7));
}

/** Linear-interpolation quantile (the usual "type 7") of sorted values, q in [0, 1]. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}
