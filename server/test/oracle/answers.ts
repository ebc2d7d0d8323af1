import {
  type CompanyPeers,
  type CompanyProfile,
  companyPeers,
  companyProfile,
  cryptoStrip,
  type DividendYieldChart,
  type DividendYieldPercentile,
  type DrawdownChart,
  dividendYieldChart,
  dividendYieldPercentile,
  drawdownChart,
  type HomeCards,
  homeCards,
  type MarketIndices,
  type MarketMover,
  marketIndices,
  marketMovers,
  odataResponse,
  odataV2Response,
  type PartialIndicatorRow,
  type PriceChartV2,
  priceChartV2,
  type SecurityStatistics,
  securityStatistics,
  type TtmFinancials,
  ttmFinancials,
  type ValuationRatiosChart,
  valuationRatiosChart,
} from '@app/contract';
import type { ZodApp } from '../../src/context.ts';
import { mondayOf, monthsEarlier, plusDays } from './days.ts';
import type { Security } from './stored.ts';

/*
 * Every answer the oracle checks, asked once per engine through the real server (Fastify inject): the
 * surfaces a person sees (key statistics, screener in both OData versions, home cards, profile, peers,
 * the percentile, the TTM answer, the markets page) and the charts, whole and daily.
 */
type Card = HomeCards['cards'][number];
type Series<T extends { series: unknown[] }> = T['series'][number] | undefined;

export interface PerSecurity {
  stats: SecurityStatistics;
  profile: CompanyProfile;
  card: Card | undefined;
  drawdownMax: Series<DrawdownChart>;
  /** From the same date five years before the last close, every day: the running high starts there. */
  drawdown5yDaily: Series<DrawdownChart>;
  priceWhole: Series<PriceChartV2>;
  /**
   * The days the price page holds beside the whole history: a stock's from the Monday two years before
   * (joined to its weekly history), a coin's every day (its page asks for the whole history daily).
   */
  priceRecent: Series<PriceChartV2>;
  peers?: CompanyPeers;
  percentile?: DividendYieldPercentile;
  ttm?: Series<TtmFinancials>;
  yieldWhole?: Series<DividendYieldChart>;
  valuationWhole?: Series<ValuationRatiosChart>;
}

export interface Answers {
  odata: Map<string, PartialIndicatorRow>;
  odatav2: Map<string, PartialIndicatorRow>;
  indices: MarketIndices;
  /** The home page's movers (gainers, losers, most active) and coin strip, every row of each. */
  movers: MarketMover[];
  coins: MarketMover[];
  bySecurity: Map<string, PerSecurity>;
}

export async function askEverything(app: ZodApp, stored: Map<string, Security>): Promise<Answers> {
  const get = async (url: string, query: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url: `/api/data/${url}`, query });
    if (response.statusCode !== 200) throw new Error(`${url} ${JSON.stringify(query)}: ${response.statusCode}`);
    return response.json();
  };
  const odata = odataResponse.parse(await get('indicator/odata', { $top: '1000' }));
  const odatav2 = odataV2Response.parse(await get('indicator/odatav2', { $top: '1000' }));
  const indices = marketIndices.parse(await get('market/indices'));
  const moverLists = marketMovers.parse(await get('market/movers', { limit: '25' }));
  const coins = cryptoStrip.parse(await get('market/crypto')).coins;
  const tickers = [...stored.keys()];
  const cards = new Map<string, Card>();
  for (let i = 0; i < tickers.length; i += 50)
    for (const card of homeCards.parse(await get('company/home', { tickers: tickers.slice(i, i + 50).join(',') }))
      .cards)
      cards.set(card.ticker, card);
  const bySecurity = new Map<string, PerSecurity>();
  for (const s of stored.values()) {
    const ticker = s.ticker;
    const lastDay = s.closes.at(-1)?.day ?? '';
    const stock = s.kind === 'stock';
    const drawdownPath = stock ? 'chart/downside-potential' : 'chart/crypto/downside-potential';
    const pricePath = stock ? 'v2/chart/price' : 'v2/chart/crypto/price';
    const from5y = monthsEarlier(lastDay, 60);
    // The page's "today" is the day after the last close; its daily part starts on the Monday two years before.
    const recentFrom = mondayOf(monthsEarlier(plusDays(lastDay, 1), 24));
    const one = { tickers: ticker };
    const answer: PerSecurity = {
      stats: securityStatistics.parse(await get('company/statistics', { ticker })),
      profile: companyProfile.parse(await get('company', { ticker })),
      card: cards.get(ticker),
      drawdownMax: drawdownChart.parse(await get(drawdownPath, one)).series[0],
      drawdown5yDaily: drawdownChart.parse(await get(drawdownPath, { ...one, from: from5y, resolution: 'daily' }))
        .series[0],
      priceWhole: priceChartV2.parse(await get(pricePath, one)).series[0],
      priceRecent: priceChartV2.parse(await get(pricePath, { ...one, from: recentFrom, resolution: 'daily' }))
        .series[0],
    };
    if (stock) {
      answer.peers = companyPeers.parse(await get('company/peers', { ticker }));
      answer.percentile = dividendYieldPercentile.parse(await get('indicator/div-perc', { ticker }));
      answer.ttm = ttmFinancials.parse(await get('financials/ttm-financial', one)).series[0];
      answer.yieldWhole = dividendYieldChart.parse(await get('chart/dividend-yield-by-time', one)).series[0];
      answer.valuationWhole = valuationRatiosChart.parse(await get('chart/valuation-ratios', one)).series[0];
    }
    bySecurity.set(ticker, answer);
  }
  return {
    odata: new Map(odata.value.map((row) => [row.ticker ?? '', row])),
    odatav2: new Map(odatav2.value.map((row) => [row.ticker ?? '', row])),
    indices,
    movers: [...moverLists.gainers, ...moverLists.losers, ...moverLists.mostActive],
    coins,
    bySecurity,
  };
}
