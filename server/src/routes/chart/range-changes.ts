import { type ChartRangeName, chartRanges } from '@app/contract';
import { addMonths } from '../../finance/types.ts';
import { changeSince } from '../../metrics/closes.ts';

/*
 * The price chart's change over each range button (finance-definitions.md, Price figures; issue 42): the
 * last close / the close on or before the range's start - 1, from daily closes at any resolution (a weekly
 * chart's first point is a week's last day: FQAE's "all history" read +95.30 % for +88.76 %). All history
 * is from the first daily close. The starts are the web's range buttons (web/src/ui/chart-range.ts).
 */

/** The first day a range covers, counted back from the last day; null for the whole history. */
export function rangeStartDay(range: ChartRangeName, lastDay: string): string | null {
  switch (range) {
    case '1M':
      return addMonths(lastDay, -1);
    case '6M':
      return addMonths(lastDay, -6);
    case 'YTD':
      return `${lastDay.slice(0, 4)}-01-01`;
    case '1Y':
      return addMonths(lastDay, -12);
    case '5Y':
      return addMonths(lastDay, -60);
    case '10Y':
      return addMonths(lastDay, -120);
    case 'MAX':
      return null;
  }
}

/** Index of the last day on or before `day` in ascending days; -1 when the days start after it. */
function indexOnOrBefore(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] as string) <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Each range's change in % of daily closes (days ascending, one close each): null where the days do not
 * reach back to the range's start (no close on or before it) or that close is not positive.
 */
export function rangeChanges(
  days: readonly string[],
  closes: ArrayLike<number>,
): Record<ChartRangeName, number | null> {
  const n = days.length;
  const out = Object.fromEntries(chartRanges.map((range) => [range, null])) as Record<ChartRangeName, number | null>;
  if (n === 0) return out;
  const last = closes[n - 1] as number;
  for (const range of chartRanges) {
    const start = rangeStartDay(range, days[n - 1] as string);
    const i = start === null ? 0 : indexOnOrBefore(days, start);
    out[range] = i < 0 ? null : changeSince(last, closes[i] as number);
  }
  return out;
}
