import { z } from 'zod';
import { tickerSymbol, tickersPerGetMax } from './market-query.ts';

/* Company calls (spec 7): profile, links, home-dashboard cards, ticker search. Money in `currency`. */

const kind = z.enum(['stock', 'crypto']);

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
        price: z.number().nullable().meta({ description: 'Last close as traded' }),
        changePct: z.number().nullable().meta({ description: 'Day change, in %' }),
        day: z.string().nullable().meta({ description: 'Day of the last close' }),
        dividendYieldPct: z.number().nullable().meta({ description: 'TTM dividends / close, in %' }),
        marketCap: z.number().nullable(),
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
