/* Small pure pieces of the dividend panels, tested without a DOM. */

/** Where a yield sits on the gauge, in % of its width: p10 at 0, p90 at 100, clamped outside. */
export function bandPosition(value: number, band: { p10: number; p90: number }): number {
  const span = band.p90 - band.p10;
  if (span <= 0) return 50;
  return Math.min(100, Math.max(0, ((value - band.p10) / span) * 100));
}

/**
 * Whether a company paid a dividend in any year of its history (issue 33): one that never did gets one
 * empty state on its Dividends tab, not a payout line of zeros labelled "0 %, 0 %, -0 %". Unknown (still
 * loading) counts as paying, so the panels draw their own loading states meanwhile.
 */
export function paysDividends(years: readonly { dps: number }[] | undefined): boolean {
  if (years === undefined) return true;
  return years.some((year) => year.dps > 0);
}

/** Whether a chart's lines have anything but zeros to show (a flat line at 0 % is no data). */
export function hasNonZeroPoint(series: readonly { points: readonly { value: number }[] }[]): boolean {
  return series.some((line) => line.points.some((point) => point.value !== 0));
}
