import { companyLinks, companyProfile, companySearch, errorBody, homeCards } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

describe.each(testDatabases())('company calls on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    await loadSecurities(db, [
      {
        ticker: 'SOLQ',
        profile: {
          name: 'Solquarry Power',
          website: 'https://solquarry.example',
          investorRelationsUrl: 'https://ir.solquarry.example',
          cik: '1234567',
          sector: 'Utilities',
        },
        prices: weekdayBars('2024-01-01', '2025-06-30', (_d, i) => 10 + i / 100),
        dividends: [{ exDate: '2025-03-14', amount: 0.5 }],
        facts: [fact('shares_outstanding', 2024, 'FY', 1000, { instant: true })],
      },
      {
        ticker: 'QSOL',
        profile: { name: 'Quiet Solar Systems' },
        prices: weekdayBars('2025-06-02', '2025-06-30', () => 3),
        facts: [fact('shares_outstanding', 2024, 'FY', 100, { instant: true })],
      },
      {
        ticker: 'ZEN',
        profile: { name: 'Zenith Consolidated 100%_' },
        prices: weekdayBars('2025-06-02', '2025-06-30', () => 1),
      },
      {
        ticker: 'QBTZ',
        kind: 'crypto',
        profile: { name: 'Quibitz' },
        prices: calendarBars('2025-06-01', '2025-06-30', () => 5),
      },
    ]);
    const security = await db
      .selectFrom('securities')
      .select('id')
      .where('ticker', '=', 'SOLQ')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feeds')
      .values({
        url: 'https://news.solquarry.example/rss',
        kind: 'company',
        locale: 'en',
        security_id: security.id,
        title: 'Solquarry news',
        error_count: 0,
        enabled: 1,
        created_at: '2025-01-01T00:00:00.000Z',
        etag: null,
        last_modified: null,
        last_fetched_at: null,
        last_success_at: null,
        next_fetch_at: null,
        last_error: null,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, query: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('gives the profile with the last price, market cap, demo flag and as-of dates', async () => {
    const body = companyProfile.parse(await get('/api/data/company', { ticker: 'solq' }));
    expect(body).toMatchObject({
      ticker: 'SOLQ',
      name: 'Solquarry Power',
      kind: 'stock',
      sector: 'Utilities',
      cik: '1234567',
      demo: true,
      pricesAsOf: '2025-06-30',
      filingsAsOf: '2025-02-09',
    });
    // 391 weekdays from 2024-01-01 to 2025-06-30: the last close is 10 + 390 / 100.
    expect(body.price).toBeCloseTo(13.9, 10);
    expect(body.marketCap).toBeCloseTo(13.9 * 1000, 6);
    const coin = companyProfile.parse(await get('/api/data/company', { ticker: 'QBTZ' }));
    expect(coin).toMatchObject({ kind: 'crypto', filingsAsOf: null, marketCap: null });
  });

  it('lists website, investor relations, SEC filings and the news feeds', async () => {
    const body = companyLinks.parse(await get('/api/data/company/SOLQ/links'));
    expect(body.links.map((l) => l.kind)).toEqual(['website', 'investor_relations', 'sec_filings', 'news_feed']);
    expect(body.links[2]?.url).toContain('CIK=1234567');
    expect(body.links[3]).toEqual({
      kind: 'news_feed',
      url: 'https://news.solquarry.example/rss',
      title: 'Solquarry news',
    });
    expect(companyLinks.parse(await get('/api/data/company/QBTZ/links')).links).toEqual([]);
  });

  it('builds home cards in the order asked, with a weekly one-year sparkline ending on the last close', async () => {
    const body = homeCards.parse(await get('/api/data/company/home', { tickers: 'QBTZ,SOLQ' }));
    expect(body.cards.map((c) => c.ticker)).toEqual(['QBTZ', 'SOLQ']);
    const solq = body.cards[1];
    // Its prices, and so its dividend history, start in January 2024, more than a year before the last close:
    // the one dividend since is the whole year's, though it is less than a year old (issue 42).
    expect(solq?.dividendYieldPct).toBeCloseTo((0.5 / (solq?.price ?? Number.NaN)) * 100, 10);
    expect(solq?.sparkline.at(-1)).toEqual({ day: '2025-06-30', close: solq?.price });
    expect(solq?.sparkline.length).toBeGreaterThanOrEqual(52);
    expect(solq?.sparkline.length).toBeLessThanOrEqual(53);
    expect((solq?.sparkline[0]?.day ?? '') > '2024-06-30').toBe(true);
  });

  it('shows the largest stocks when no tickers are given', async () => {
    const body = homeCards.parse(await get('/api/data/company/home'));
    expect(body.cards.map((c) => c.ticker)).toEqual(['SOLQ', 'QSOL', 'ZEN']);
  });

  it('ranks search results: exact ticker, ticker prefix, name word prefix, substring', async () => {
    const search = async (q: string) =>
      companySearch.parse(await get('/api/data/company/search', { q })).results.map((r) => [r.ticker, r.match]);
    expect(await search('qsol')).toEqual([['QSOL', 'ticker']]);
    expect(await search('sol')).toEqual([
      ['SOLQ', 'ticker_prefix'],
      ['QSOL', 'name_word_prefix'],
      ['ZEN', 'substring'], // Zenith Con-sol-idated
    ]);
    expect(await search('uib')).toEqual([['QBTZ', 'substring']]);
    // LIKE wildcards in the query are literal characters.
    expect(await search('%_')).toEqual([['ZEN', 'substring']]);
    expect(await search('_')).toEqual([['ZEN', 'substring']]);
  });

  it('says ticker_not_found for an unknown ticker and 400 for a bad query', async () => {
    for (const url of [
      '/api/data/company?ticker=NOPE',
      '/api/data/company/NOPE/links',
      '/api/data/company/home?tickers=SOLQ,NOPE',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(errorBody.parse(response.json()).error).toMatchObject({
        code: 'ticker_not_found',
        details: { ticker: 'NOPE' },
      });
    }
    for (const [url, field] of [
      ['/api/data/company', 'ticker'],
      ['/api/data/company/search?q=', 'q'],
      ['/api/data/company/search?q=a&limit=500', 'limit'],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect((errorBody.parse(response.json()).error.details as { field: string }).field).toBe(field);
    }
  });
});
