import { errorBody, type SecurityStatistics, securityStatistics, statisticsQuery } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { selectLatestCoinSupply } from '../../db/coin-supply.ts';
import type { Db } from '../../db/index.ts';
import { readDataVersion } from '../../db/meta.ts';
import { readCloseColumn, readPriceBars } from '../../derived/price-years.ts';
import { CloseHistory } from '../../finance/close-history.ts';
import { coinValuation } from '../../finance/coin-supply.ts';
import { addDays } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { BETA_YEARS, beta, betaWeeks, equalWeightIndex, weeklyReturns } from '../../market-stats/beta.ts';
import {
  allTimeHigh,
  averageVolume,
  type DayVolume,
  lastDividend,
  nextDividend,
} from '../../market-stats/statistics.ts';
import { yearRange } from '../../metrics/closes.ts';
import { computeSnapshot, readSnapshotInputs, type SnapshotInputs } from '../../metrics/snapshot.ts';
import { inputsOn, readUniverseHistory } from '../../metrics/universe-as-of.ts';
import { checkAsOf } from '../indicator/as-of-table.ts';
import { resolveTicker, type SecurityRef } from '../market/securities.ts';

/*
 * GET /api/data/company/statistics (issue 22): the key statistics that come from prices and dividends
 * (volume averages, 52-week range, all-time high, beta, last and next ex-date). The fundamentals
 * (EPS, shares, debt, cash) stay in /api/data/financials/ttm-financial, which the page also reads.
 */
const VOLUME_DAYS = 91;

export function statisticsRoutes(app: ZodApp, { database }: AppContext): void {
  const db = database.reader;
  app.get(
    '/api/data/company/statistics',
    {
      schema: {
        tags: ['company'],
        summary: 'Key statistics of a stock or coin from its prices and dividends',
        description:
          'Volume (last day, 30-day and 3-month means), 52-week range, all-time high and the distance from it, ' +
          'beta against the equal-weighted mean of every stock (weekly total returns of the last 5 years, at least ' +
          '104), the last ex-dividend ' +
          'day and the next one (declared, or projected from the payment pattern and marked estimated); for a ' +
          'coin its market cap, circulating, total and maximum supply and fully diluted valuation. With asOf, all ' +
          'of it as known on that day (ADR 0026): the closes up to it and the filings filed by then.',
        querystring: statisticsQuery,
        response: { 200: securityStatistics, 400: errorBody, 404: errorBody },
      },
      ...dataCache(database).hooks,
    },
    async (request) => {
      const { ticker, asOf } = request.query;
      const security = await resolveTicker(db, ticker);
      if (asOf) await checkAsOf(db, asOf);
      return statistics(db, security, asOf);
    },
  );
}

async function statistics(db: Db, security: SecurityRef, day?: string): Promise<SecurityStatistics> {
  // The catalogue's inputs (whole-history closes, dividends, statements, a coin's supply) are read once
  // and serve the range, the all-time high, the ex-dividend days and the beta too; as of a day, what was
  // known by then (ADR 0026).
  const inputs = day
    ? await inputsAsOf(db, security, day)
    : ((await readSnapshotInputs(db, [security])).get(security.id) as SnapshotInputs);
  const figures = computeSnapshot(inputs);
  const supply = inputs.coinSupply;
  const prices = inputs.prices;
  const n = prices.length;
  const asOf = n > 0 ? prices.day(n - 1) : null;
  const volumeRows = asOf ? await recentVolumes(db, security.id, addDays(asOf, -VOLUME_DAYS), asOf) : [];
  const lastVolume = volumeRows[0];
  const high = allTimeHigh(prices);
  const exDates = inputs.dividends;
  return {
    ticker: security.ticker,
    kind: security.kind,
    currency: security.currency,
    asOf,
    volume: {
      lastDay: lastVolume && lastVolume.day === asOf ? lastVolume.volume : null,
      average30d: asOf ? averageVolume(volumeRows, asOf, 30) : null,
      average3m: asOf ? averageVolume(volumeRows, asOf, VOLUME_DAYS) : null,
    },
    yearRange: yearRange(prices),
    allTimeHigh: high ? { close: high.high.close, day: high.high.day } : null,
    fromAllTimeHighPct: high ? high.fromHighPct : null,
    beta: security.kind === 'stock' && asOf ? await stockBeta(db, asOf, prices) : null,
    lastDividend: asOf ? lastDividend(exDates, asOf) : null,
    nextDividend: asOf ? nextDividend(exDates, asOf) : null,
    supply: coinSupply(n > 0 ? (prices.split[n - 1] as number) : null, supply),
    figures,
  };
}

/** One security's snapshot inputs as known on `day` (no close by then: an empty history). */
async function inputsAsOf(db: Db, security: SecurityRef, day: string): Promise<SnapshotInputs> {
  const history = await readUniverseHistory(db, false, [security.id]);
  const row = history.securities[0];
  const supply = security.kind === 'crypto' ? await selectLatestCoinSupply(db, security.id, day) : null;
  const inputs = row ? inputsOn(history, row, day, supply) : null;
  return (
    inputs ?? {
      kind: security.kind,
      currency: security.currency,
      prices: CloseHistory.empty,
      dividends: [],
      financials: null,
      coinSupply: null,
      template: null,
    }
  );
}

/**
 * The daily volumes from `from` on, latest first, from the year chunks' bars (derived/price-years.ts) a
 * price chart reads too, not the daily_prices source rows: null where the source gave none.
 */
async function recentVolumes(db: Db, id: number, from: string, to: string): Promise<DayVolume[]> {
  const bars = (await readPriceBars(db, [id], { from, to })).get(id);
  if (!bars) return [];
  const out: DayVolume[] = [];
  for (let i = bars.days.length - 1; i >= 0; i--) {
    const volume = bars.volume[i] as number;
    out.push({ day: bars.days[i] as string, volume: Number.isNaN(volume) ? null : volume });
  }
  return out;
}

/** A coin's market cap and supply at its last close (none without a close or a circulating supply). */
function coinSupply(
  close: number | null,
  supply: Awaited<ReturnType<typeof selectLatestCoinSupply>>,
): SecurityStatistics['supply'] {
  const { marketCap, fullyDilutedValuation } = coinValuation(close, supply);
  if (!supply || marketCap === null) return null;
  const { day, circulating, total, max } = supply;
  return { asOf: day, marketCap, circulating, total, max, fullyDilutedValuation };
}

/*
 * The universe's weekly index, made once per data version, week and database: the adjusted closes of every
 * stock's last five years are read for it (the year chunks' close column), which is not work to repeat per
 * ticker. A stock whose prices end in another week (a delisted one) gets an index of its own week, kept
 * beside the others until the data version changes.
 */
const indexes = new WeakMap<Db, { version: number; byWeek: Map<number, Promise<Map<number, number>>> }>();

/** The universe's weekly equal-weighted mean returns over the five years up to `asOf` (the stock's last day). */
async function universeIndex(db: Db, asOf: string): Promise<Map<number, number>> {
  const version = await readDataVersion(db);
  let known = indexes.get(db);
  if (!known || known.version !== version) {
    known = { version, byWeek: new Map() };
    indexes.set(db, known);
  }
  const weeks = betaWeeks(asOf);
  const cached = known.byWeek.get(weeks.toWeek);
  if (cached) return cached;
  const index = (async () => {
    const stocks = await db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute();
    // A week before the window: the first week's return needs the close of the week before it.
    const closes = await readCloseColumn(
      db,
      stocks.map((row) => row.id),
      { from: addDays(asOf, -366 * BETA_YEARS - 14), to: asOf },
      'close_adj',
    );
    return equalWeightIndex(
      [...closes.values()].map((series) => weeklyReturns(series.numbers, series.closes, weeks.fromWeek)),
    );
  })();
  const byWeek = known.byWeek;
  byWeek.set(weeks.toWeek, index);
  index.catch(() => byWeek.delete(weeks.toWeek));
  return index;
}

/** The beta of a stock's adjusted closes: weekly returns of the last five years against the universe's. */
async function stockBeta(db: Db, asOf: string, prices: CloseHistory): Promise<NonNullable<SecurityStatistics['beta']>> {
  const index = await universeIndex(db, asOf);
  const weeks = betaWeeks(asOf);
  const result = beta(weeklyReturns(prices.numbers, prices.adjusted, weeks.fromWeek), index, weeks);
  return { ...result, benchmark: 'universe_equal_weight' };
}
