import {
  companyPeers,
  companyProfile,
  dividendHistory,
  dividendsByMonth,
  drawdownChart,
  type FiguresWhere,
  figuresWhere,
  homeCards,
  odataResponse,
  peerFigures,
  type SnapshotFigures,
  screenerFigures,
  securityStatistics,
  ttmFinancials,
  upcomingExDividends,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/finance/types.ts';
import { demoSource } from '../src/ingest/demo/source.ts';
import { runIngest } from '../src/ingest/loader.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabases } from './databases.ts';

/*
 * Issue 31: one number, one truth. Over the whole demo universe, every figure shown on more than one
 * surface is the same number on each of them for the same day: key statistics (computed on request),
 * the screener's row (stored by the loader), the home card, the profile, the TTM answer and the
 * drawdown chart's end. The metric catalogue (server/src/metrics/snapshot.ts) makes them all; this
 * test fails as soon as a surface computes a figure of its own again. Which figures each surface shows
 * comes from the catalogue's declarations (contract/src/catalogue.ts): a new figure is compared with no
 * line added here.
 */
const END_DAY = '2024-06-28';
/** The figures the home cards show (the catalogue's `cards`). */
const cardFigures = figuresWhere((figure) => figure.cards) as FiguresWhere<{ cards: true }>[];

describe.each(testDatabases())('one number on every surface, whole demo universe, $label', (target) => {
  let t: TestApp;
  let tickers: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(target);
    const source = demoSource({ endDay: END_DAY });
    tickers = await source.listTickers();
    const summary = await runIngest({ db: t.database.db, source, tickers: 'all' });
    expect(summary.failed).toEqual([]);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url, query });
    expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(200);
    return response.json();
  };

  /** Equal to the last bit, or both absent: the same function on the same inputs. */
  const same = (ticker: string, name: string, values: Record<string, number | null | undefined>) => {
    const distinct = new Set(Object.values(values).map((value) => value ?? null));
    expect(distinct.size, `${ticker} ${name}: ${JSON.stringify(values)}`).toBe(1);
  };

  it('gives each figure one value across key statistics, the screener, the home card, the profile, TTM and the drawdown chart', async () => {
    expect(tickers.length).toBeGreaterThan(400);
    const screener = odataResponse.parse(await get('/api/data/indicator/odata', { $top: '1000' }));
    const rows = new Map(screener.value.map((row) => [row.ticker, row]));
    expect(rows.size).toBe(tickers.length);
    let payingStocks = 0;
    const known = new Set<string>();
    for (const ticker of tickers) {
      const stats = securityStatistics.parse(await get('/api/data/company/statistics', { ticker }));
      const f: SnapshotFigures = stats.figures;
      const row = rows.get(ticker);
      expect(row, ticker).toBeDefined();
      if (!row) continue;
      const [card] = homeCards.parse(await get('/api/data/company/home', { tickers: ticker })).cards;
      const profile = companyProfile.parse(await get('/api/data/company', { ticker }));
      const path =
        stats.kind === 'crypto' ? '/api/data/chart/crypto/downside-potential' : '/api/data/chart/downside-potential';
      const [drawdown] = drawdownChart.parse(await get(path, { tickers: ticker })).series;

      expect(f.asOf, ticker).toBe(stats.asOf);
      expect(row.asOf, ticker).toBe(f.asOf);
      // Every figure the catalogue stores as a screener column, and every one it shows on the home cards.
      for (const name of screenerFigures) {
        same(ticker, name, { stats: f[name], screener: row[name] });
        if (f[name] !== null) known.add(name);
      }
      for (const name of cardFigures) same(ticker, `${name} (card)`, { stats: f[name], card: card?.[name] });
      same(ticker, 'price (profile)', { stats: f.price, profile: profile.price });
      same(ticker, 'market cap (profile)', { stats: f.marketCap, profile: profile.marketCap });
      same(ticker, '52-week high', { stats: f.week52High, screener: row.week52High, range: stats.yearRange?.high });
      same(ticker, '52-week low', { stats: f.week52Low, screener: row.week52Low, range: stats.yearRange?.low });
      // The drawdown chart at Max starts where the history starts: its end, its "now" and the figure agree.
      same(ticker, 'drawdown now', {
        stats: f.drawdownPct,
        screener: row.drawdownPct,
        chart: drawdown?.currentPct,
        chartEnd: drawdown?.points.at(-1)?.drawdownPct,
      });
      expect(drawdown?.points.at(-1)?.day ?? null, `${ticker} drawdown chart ends on the last close`).toBe(f.asOf);
      same(ticker, 'deepest drawdown', { stats: f.maxDrawdownPct, chart: drawdown?.maxPct });
      if (stats.kind !== 'stock') continue;
      // The TTM answer the Financials tab shows: the same EPS, payout and margins as the key statistics.
      const [ttm] = ttmFinancials.parse(await get('/api/data/financials/ttm-financial', { tickers: ticker })).series;
      if (ttm?.basis) {
        expect(ttm.asOf, ticker).toBe(f.fundamentalsAsOf);
        same(ticker, 'TTM EPS (TTM answer)', { stats: f.epsTtm, ttm: ttm.values.epsBasic });
        same(ticker, 'payout (TTM answer)', { stats: f.payoutRatio, ttm: ttm.values.payoutRatio });
        same(ticker, 'net margin (TTM answer)', { stats: f.netMargin, ttm: ttm.values.netMargin });
      }
      // The peers table's row of the company itself: the figures the catalogue shows there.
      const peers = companyPeers.parse(await get('/api/data/company/peers', { ticker }));
      for (const name of peerFigures) same(ticker, `${name} (peers)`, { stats: f[name], peers: peers.company[name] });
      if (f.dividendYieldPct) payingStocks++;
    }
    // The universe has paying stocks, losses and coins: the comparisons above were not all of nulls, and
    // every stored figure has a value for some security.
    expect(payingStocks).toBeGreaterThan(50);
    expect([...known].sort()).toEqual([...screenerFigures].sort());
  }, 600_000);

  it('gives each paying stock one payment frequency on the ex-dividend list, the dividend calendar and the history', async () => {
    const list = upcomingExDividends.parse(await get('/api/data/market/ex-dividends', { limit: '50' }));
    const asOf = list.asOf as string;
    expect(list.items.length).toBeGreaterThan(10);
    for (const item of list.items) {
      const [calendar] = dividendsByMonth.parse(
        await get('/api/data/dividends/by-month', { tickers: item.ticker, to: asOf }),
      ).series;
      const history = dividendHistory.parse(await get('/api/data/dividends/history', { ticker: item.ticker }));
      expect(calendar?.pattern, item.ticker).toBe(item.frequency);
      // The history's payments of the year up to the day: the list's frequency is the one most of them have.
      const counts = new Map<string, number>();
      for (const p of history.payments)
        if (p.exDate > addMonths(asOf, -12) && p.exDate <= asOf)
          counts.set(p.frequency, (counts.get(p.frequency) ?? 0) + 1);
      expect(counts.get(item.frequency), item.ticker).toBe(Math.max(...counts.values()));
    }
  }, 600_000);
});
