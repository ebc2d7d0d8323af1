import { z } from 'zod';
import { type FiguresWhere, figuresWhere } from './catalogue.ts';
import { tickerSymbol, tickersPerGetMax } from './market-query.ts';
import { figureNumber, snapshotFigures } from './metrics.ts';

/* Company calls (spec 7): profile, links, home-dashboard cards, ticker search. Money in `currency`. */

const kind = z.enum(['stock', 'crypto']);

/** The figures a home card shows: the catalogue's `cards` (issue 42), their fields described from it. */
export const cardFigures = figuresWhere((figure) => figure.cards) as CardFigure[];
export type CardFigure = FiguresWhere<{ cards: true }>;

export const companyProfile = z
  .object({
    ticker: z.string(),
    name: z.string(),
    kind,
    exchange: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    cik: z.string().nullable().meta({ description: 'SEC Central Index Key, without leading zeros' }),
    fiscalYearEnd: z.string().nullable().meta({ description: 'MMDD of the fiscal year end' }),
    price: z.number().nullable().meta({ description: 'Last close as traded, in currency' }),
    changePct: z.number().nullable().meta({ description: 'Last close against the previous one, in %' }),
    marketCap: z.number().nullable().meta({ description: 'Close x latest shares outstanding, in currency' }),
    demo: z.boolean().meta({ description: 'True for the generated demo universe (fictional data)' }),
    pricesAsOf: z.string().nullable().meta({ description: 'Last trading day with a price (YYYY-MM-DD)' }),
    filingsAsOf: z.string().nullable().meta({ description: 'Filing day of the newest financial fact (YYYY-MM-DD)' }),
  })
  .meta({
    id: 'CompanyProfile',
    example: {
      ticker: 'SOLQ',
      name: 'Solquarry Power',
      kind: 'stock',
      exchange: 'NASDAQ',
      sector: 'Utilities',
      industry: 'Electric services',
      country: 'US',
      currency: 'USD',
      description: 'Builds and runs solar parks.',
      website: 'https://solquarry.example',
      cik: '1234567',
      fiscalYearEnd: '1231',
      price: 42.1,
      changePct: -0.8,
      marketCap: 8400000000,
      demo: true,
      pricesAsOf: '2026-01-02',
      filingsAsOf: '2025-11-03',
    },
  });
export type CompanyProfile = z.infer<typeof companyProfile>;

export const companyLinkKind = z.enum(['website', 'investor_relations', 'sec_filings', 'news_feed']);

export const companyLinks = z
  .object({
    ticker: z.string(),
    links: z.array(z.object({ kind: companyLinkKind, url: z.string(), title: z.string().nullable() })),
  })
  .meta({
    id: 'CompanyLinks',
    example: {
      ticker: 'SOLQ',
      links: [
        { kind: 'website', url: 'https://solquarry.example', title: null },
        {
          kind: 'sec_filings',
          url: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=1234567',
          title: 'SEC filings',
        },
      ],
    },
  });
export type CompanyLinks = z.infer<typeof companyLinks>;

export const tickerPathParams = z.object({ ticker: tickerSymbol.meta({ example: 'SOLQ' }) });

export const homeCardsQuery = z.object({
  tickers: z
    .string()
    .max(tickersPerGetMax * 21)
    .transform((value) => value.split(',').map((ticker) => ticker.trim()))
    .pipe(z.array(tickerSymbol).min(1).max(tickersPerGetMax))
    .optional()
    .meta({ description: 'Comma-separated tickers; absent: the largest stocks by market cap', example: 'SOLQ,QBTZ' }),
});

export const homeCards = z
  .object({
    cards: z.array(
      z.object({
        ticker: z.string(),
        name: z.string(),
        kind,
        currency: z.string(),
        ...(Object.fromEntries(cardFigures.map((name) => [name, figureNumber(name)])) as {
          [K in CardFigure]: ReturnType<typeof figureNumber>;
        }),
        day: z.string().nullable().meta({ description: 'Day of the last close' }),
        sparkline: z
          .array(z.object({ day: z.string(), close: z.number() }))
          .meta({ description: 'One year of weekly split-adjusted closes, the last close included' }),
      }),
    ),
  })
  .meta({
    id: 'HomeCards',
    example: {
      cards: [
        {
          ticker: 'SOLQ',
          name: 'Solquarry Power',
          kind: 'stock',
          currency: 'USD',
          price: 42.1,
          changePct: 1.2,
          day: '2026-01-02',
          dividendYieldPct: 3.4,
          marketCap: 8400000000,
          sparkline: [
            { day: '2025-01-03', close: 38.2 },
            { day: '2026-01-02', close: 42.1 },
          ],
        },
      ],
    },
  });
export type HomeCards = z.infer<typeof homeCards>;

export const companySearchQuery = z.object({
  q: z.string().trim().min(1).max(50).meta({ description: 'Part of a ticker or a company name', example: 'sol' }),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(50))
    .optional()
    .meta({ description: 'Most results (default 10, at most 50)' }),
});

export const searchMatch = z
  .enum(['ticker', 'ticker_prefix', 'name_word_prefix', 'substring'])
  .meta({ description: 'Why it matched; results are ranked in this order, then by market cap' });

export const companySearch = z
  .object({
    results: z.array(
      z.object({ ticker: z.string(), name: z.string(), kind, exchange: z.string().nullable(), match: searchMatch }),
    ),
  })
  .meta({
    id: 'CompanySearch',
    example: {
      results: [{ ticker: 'SOLQ', name: 'Solquarry Power', kind: 'stock', exchange: 'NASDAQ', match: 'ticker_prefix' }],
    },
  });
export type CompanySearch = z.infer<typeof companySearch>;

const exDividend = z.object({
  exDate: z.string().meta({ description: 'Ex-dividend day (YYYY-MM-DD)' }),
  amount: z.number().meta({ description: 'Cash dividend per share, in currency, split-adjusted' }),
});

/** A coin's size (issue 22): CoinGecko's and CoinMarketCap's definitions. */
const coinSupply = z.object({
  asOf: z.string().meta({ description: 'Day of the newest circulating supply (YYYY-MM-DD)' }),
  marketCap: z.number().meta({ description: 'Last close x circulating supply, in currency' }),
  circulating: z.number().meta({ description: 'Coins in public hands' }),
  total: z
    .number()
    .nullable()
    .meta({ description: 'Coins in existence (minus those burned), locked ones included; null if unknown' }),
  max: z.number().nullable().meta({ description: 'The most that can ever exist; null: no cap, or unknown' }),
  fullyDilutedValuation: z
    .number()
    .nullable()
    .meta({ description: 'Last close x max supply (x total supply without a cap), in currency; null if neither' }),
});

export const securityStatistics = z
  .object({
    ticker: z.string(),
    kind,
    currency: z.string(),
    asOf: z.string().nullable().meta({ description: 'Last day with a price (YYYY-MM-DD)' }),
    volume: z.object({
      lastDay: z.number().nullable().meta({
        description: 'Volume of the last day (a UTC day for a coin: the last 24 h), as the source reports it',
      }),
      average30d: z.number().nullable().meta({ description: 'Mean daily volume of the last 30 calendar days' }),
      average3m: z
        .number()
        .nullable()
        .meta({ description: 'Mean daily volume of the last 3 months (91 calendar days)' }),
    }),
    yearRange: z
      .object({ low: z.number(), high: z.number() })
      .nullable()
      .meta({ description: 'Lowest and highest split-adjusted close of the last 52 weeks' }),
    allTimeHigh: z
      .object({ close: z.number(), day: z.string() })
      .nullable()
      .meta({ description: 'Highest split-adjusted close of the whole history, and its day' }),
    fromAllTimeHighPct: z
      .number()
      .nullable()
      .meta({ description: 'Last close / all-time high - 1, in % (0 or negative)' }),
    beta: z
      .object({
        value: z.number().nullable().meta({ description: 'null with fewer than 104 weeks of common returns' }),
        weeks: z
          .number()
          .meta({ description: 'Weekly returns used (those of the last 5 years, the last close’s week left out)' }),
        benchmark: z.literal('universe_equal_weight'),
      })
      .nullable()
      .meta({
        description:
          "Stocks only: covariance of the stock's weekly total returns with the equal-weighted mean weekly return " +
          'of every stock in the database, over the last 5 years (at least 104 weeks, else null), divided by the ' +
          'variance of that mean (docs/api.md). Weeks run Monday to Sunday and close on their last trading day; a ' +
          'return is a close over the close of the week just before (none across a week without a close); the ' +
          'mean of a week is over the stocks with a return that week; the weeks are those after the week holding ' +
          "the day 5 years before the stock's last close, up to the week before that close's own",
      }),
    lastDividend: exDividend.nullable().meta({ description: 'The newest ex-date on or before asOf' }),
    nextDividend: exDividend
      .extend({
        estimated: z
          .boolean()
          .meta({ description: 'true: projected from the payment pattern (last amount, usual gap), not declared' }),
      })
      .nullable()
      .meta({ description: 'A declared ex-date after asOf, else one projected from the last ones; null if none pays' }),
    supply: coinSupply
      .nullable()
      .meta({ description: 'Coins only: market cap and supply; null for a stock, or a coin whose source gives none' }),
    figures: snapshotFigures.meta({
      description: 'The metric catalogue’s figures (the same numbers as the screener’s columns and the home cards)',
    }),
  })
  .meta({
    id: 'SecurityStatistics',
    description: 'Key statistics computed from the price and dividend history (fundamentals: ttm-financial).',
    example: {
      ticker: 'SOLQ',
      kind: 'stock',
      currency: 'USD',
      asOf: '2026-01-02',
      volume: { lastDay: 1250000, average30d: 1410000, average3m: 1380000 },
      yearRange: { low: 36.2, high: 44.9 },
      allTimeHigh: { close: 47.3, day: '2024-03-11' },
      fromAllTimeHighPct: -11,
      beta: { value: 0.82, weeks: 260, benchmark: 'universe_equal_weight' },
      lastDividend: { exDate: '2025-11-14', amount: 0.42 },
      nextDividend: { exDate: '2026-02-13', amount: 0.42, estimated: true },
      supply: null,
    },
  });
export type SecurityStatistics = z.infer<typeof securityStatistics>;
