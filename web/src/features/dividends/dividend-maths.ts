/* Small pure pieces of the dividend panels, tested without a DOM. */

/** Where a yield sits on the gauge, in % of its width: p10 at 0, p90 at 100, clamped outside. */
export function bandPosition(value: number, band: { p10: number; p90: number }): number {
  const span = band.p90 - band.p10;
  if (span <= 0) return 50;
  return Math.min(100, Math.max(0, ((value - band.p10) / span) * 100));
}
