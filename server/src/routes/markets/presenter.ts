import type { MarketIndices, SectorMover } from '@app/contract';
import {
  type ChangePeriod,
  changeOver,
  type DailyCloses,
  equalWeightDailyIndex,
  type IndexPoint,
} from '../../market-stats/market-index.ts';
import type { StockQuote } from './queries.ts';

/* Shapes the markets page's answer: indices on the universe's days, the sectors' movers. */

const MOVERS = 3;
const percent = (points: readonly IndexPoint[], period: ChangePeriod) => {
  const change = changeOver(points, period);
  return change === null ? null : change * 100;
};

/** An index's points on `days` (the universe's): a day it has no value for keeps the one before. */
function indexSeries(points: readonly IndexPoint[], companies: number, days: readonly string[]) {
  const byDay = new Map(points.map((p) => [p.day, p.value]));
  let last: number | null = null;
  const values = days.map((day) => {
    last = byDay.get(day) ?? last;
    return last;
  });
  return {
    companies,
    dayPct: percent(points, 'day'),
    monthPct: percent(points, 'month'),
    yearPct: percent(points, 'year'),
    values,
  };
}

function movers(stocks: readonly StockQuote[]) {
  const mover = (s: StockQuote): SectorMover => ({
    ticker: s.ticker,
    name: s.name,
    currency: s.currency,
    price: s.price,
    changePct: s.changePct as number,
  });
  const changed = stocks.filter((s) => s.changePct !== null);
  const by = (sign: 1 | -1) =>
    changed
      .filter((s) => sign * (s.changePct as number) > 0)
      .sort((a, b) => sign * ((b.changePct as number) - (a.changePct as number)) || a.ticker.localeCompare(b.ticker))
      .slice(0, MOVERS)
      .map(mover);
  return { gainers: by(1), losers: by(-1) };
}

export function presentIndices(
  asOf: string,
  from: string,
  stocks: readonly StockQuote[],
  histories: ReadonlyMap<number, DailyCloses>,
): MarketIndices {
  const priced = stocks.filter((s) => histories.has(s.id));
  const historiesOf = (list: readonly StockQuote[]) => list.map((s) => histories.get(s.id) as DailyCloses);
  const universe = equalWeightDailyIndex(historiesOf(priced), from);
  const days = universe.map((p) => p.day);
  const bySector = new Map<string, StockQuote[]>();
  for (const stock of priced) {
    if (stock.sector === null) continue;
    const list = bySector.get(stock.sector) ?? [];
    list.push(stock);
    bySector.set(stock.sector, list);
  }
  const sectors = [...bySector]
    .sort(([a, listA], [b, listB]) => listB.length - listA.length || a.localeCompare(b))
    .map(([sector, list]) => ({
      sector,
      ...indexSeries(equalWeightDailyIndex(historiesOf(list), from), list.length, days),
      ...movers(list),
    }));
  // Equal-weighted, and the answer says so: the home page's sectors are cap-weighted (issue 42).
  return { asOf, weighting: 'equal', days, universe: indexSeries(universe, priced.length, days), sectors };
}
