/**
 * How many columns a grid of `count` cards gets when `fit` columns fit its width: the most columns that
 * leave the fewest empty places in the last row, never a lone card on it (issue 23: 8 cards in 7
 * columns left one orphan). 8 cards with room for 7 -> 4 (two full rows); 5 cards -> 5.
 */
export function balancedColumns(count: number, fit: number): number {
  const most = Math.max(1, Math.min(fit, count));
  const fits = (columns: number) => !(count % columns === 1 && count > 1 && columns > 1);
  let best = 0;
  let bestEmpty = Number.POSITIVE_INFINITY;
  // Narrower than half the room looks like a different layout: look there only when nothing wider fits.
  for (let columns = most; columns >= Math.max(1, Math.ceil(most / 2)); columns--) {
    const empty = (columns - (count % columns)) % columns;
    if (fits(columns) && empty < bestEmpty) {
      best = columns;
      bestEmpty = empty;
    }
  }
  if (best > 0) return best;
  for (let columns = Math.ceil(most / 2) - 1; columns > 1; columns--) if (fits(columns)) return columns;
  return 1;
}
