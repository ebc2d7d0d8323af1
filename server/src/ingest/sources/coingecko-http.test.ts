import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { commands, parseArgs } from '../commands.ts';
import { runIngest } from '../loader.ts';
import { golden, json, jsonText, openPerTest, TEST_USER_AGENT } from '../testing/local-http.ts';
import type { Source } from '../types.ts';
import { parseCoinList, resolveCoinId } from './crypto.ts';
import { ParseError } from './sec.ts';

/*
 * CoinGecko tickers -> coin ids through /coins/list (real format: [{id, symbol, name}]): the resolver on
 * the golden list, then `ingest coingecko --all` as the CLI runs it against a local CoinGecko stand-in.
 */

const coinList = () => parseCoinList(JSON.parse(golden('ok/coingecko-coins-list.json')));

describe('CoinGecko coin ids from /coins/list', () => {
  it('a unique symbol matches whatever its case; the bare coin-id form still works', () => {
    const index = coinList();
    expect(resolveCoinId('QZC', index)).toEqual({ id: 'quzcoin' });
    expect(resolveCoinId('qzc', index)).toEqual({ id: 'quzcoin' });
    expect(resolveCoinId('zqr', index)).toEqual({ id: 'zquorum' });
    expect(resolveCoinId('qzmint', index)).toEqual({ id: 'qzmint' });
  });

  it('a symbol many coins share: the well-known coin, or no guess', () => {
    const index = coinList();
    expect(resolveCoinId('BTC', index)).toEqual({ id: 'bitcoin' });
    expect(resolveCoinId('eth', index)).toEqual({ id: 'ethereum' });
    expect(resolveCoinId('BTC-USD', index)).toEqual({ id: 'bitcoin' });
    // "qzx" and "QZX" are one symbol: three candidates, none of them well known.
    expect(resolveCoinId('QZX', index)).toEqual({
      error: 'ambiguous symbol: quzex-one, zquex-network, qzx-bridged-zquchain',
    });
  });

  it('an unknown symbol, and a well-known coin missing from the list, are refused rather than guessed', () => {
    const index = coinList();
    expect(resolveCoinId('QZNONE', index)).toEqual({
      error: "unknown symbol: no coin in CoinGecko's list has the symbol QZNONE",
    });
    // A copycat with the symbol "sol" must not stand in for solana.
    const withCopycat = parseCoinList([{ id: 'solquz', symbol: 'sol', name: 'Solquz' }]);
    expect(resolveCoinId('SOL', withCopycat)).toEqual({ error: "well-known coin solana is not in CoinGecko's list" });
    expect(resolveCoinId('QZS', withCopycat)).toMatchObject({ error: expect.stringMatching(/^unknown symbol/) });
  });

  it('names at most ten of the coins sharing a symbol', () => {
    const many = parseCoinList(
      Array.from({ length: 13 }, (_, i) => ({ id: `quzfork-${i}`, symbol: 'qzf', name: `Quzfork ${i}` })),
    );
    const result = resolveCoinId('QZF', many);
    expect(result).toEqual({
      error: `ambiguous symbol: ${Array.from({ length: 10 }, (_, i) => `quzfork-${i}`).join(', ')} and 3 more`,
    });
  });

  it('rejects a body that is not a coin list', () => {
    expect(() => parseCoinList(JSON.parse(golden('not-ok/coingecko-coins-list-rate-limited.json')))).toThrow(
      ParseError,
    );
    expect(() => parseCoinList([{ symbol: 'qzc' }])).toThrow(/no coins/);
  });
});

describe.each(testDatabases())('ingest coingecko --all on $engine', (target) => {
  const open = openPerTest();

  /** Securities as earlier runs left them: crypto tickers (what --all lists) and a stock it must skip. */
  async function seed(db: Database['db']) {
    const kinds: Record<string, 'crypto' | 'stock'> = {
      BTC: 'crypto',
      ETH: 'crypto',
      QZC: 'crypto',
      QZX: 'crypto',
      QZNONE: 'crypto',
      QZAP: 'stock',
    };
    const source: Source = {
      name: 'seed',
      listTickers: async () => Object.keys(kinds),
      fetchSecurity: async (ticker) => ({ profile: { ticker, kind: kinds[ticker] ?? 'stock' }, rejections: [] }),
    };
    await runIngest({ db, source, tickers: 'all' });
  }

  it('maps tickers to coin ids with one /coins/list per run; ambiguous and unknown symbols are reported, not guessed', async () => {
    const charted = new Set(['bitcoin', 'ethereum', 'quzcoin', 'zquex-network']);
    let listAsked = 0;
    const server = await open.server((_req, res, url) => {
      if (url.pathname === '/api/v3/coins/list') {
        // CoinGecko's public API rate-limits hard: the list goes through the client's retries too.
        if (listAsked++ === 0)
          return json(res, 429, JSON.parse(golden('not-ok/coingecko-coins-list-rate-limited.json')));
        return jsonText(res, golden('ok/coingecko-coins-list.json'));
      }
      const id = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(url.pathname)?.[1];
      if (id && charted.has(id)) return jsonText(res, golden('ok/coingecko-market-chart.json'));
      // Each coin's answer (today's supply), under the same id.
      const coin = /^\/api\/v3\/coins\/([^/]+)$/.exec(url.pathname)?.[1];
      if (coin && charted.has(coin)) return jsonText(res, golden('ok/coingecko-coin.json'));
      json(res, 404, { error: 'coin not found' });
    });
    const database = await open.database(target);
    await seed(database.db);

    const config = loadConfig({
      COINGECKO_BASE_URL: server.baseUrl,
      SEC_USER_AGENT: TEST_USER_AGENT,
      PRICE_REQUESTS_PER_SECOND: '50',
      INGEST_RETRIES: '2',
    });
    const run = async (argv: string[]) => {
      const lines: string[] = [];
      const code = await commands.coingecko?.run({
        args: parseArgs(argv),
        argv,
        config,
        database,
        print: (line) => lines.push(line),
      });
      return { code, lines };
    };

    const all = await run(['--all']);
    // A run with a failed company exits 1 (issue 45: the exit code says a run was not whole).
    expect(all.code).toBe(1);
    expect(all.lines[0]).toMatch(/^coingecko: 3 loaded, 0 unchanged, 2 failed/);
    expect(all.lines).toContain('  failed QZX: ambiguous symbol: quzex-one, zquex-network, qzx-bridged-zquchain');
    expect(all.lines).toContain("  failed QZNONE: unknown symbol: no coin in CoinGecko's list has the symbol QZNONE");
    // One list for the whole run (its 429 retried once), each coin's chart under its id, the stock untouched.
    expect(server.hitsTo('/api/v3/coins/list')).toHaveLength(2);
    expect(
      server.hits
        .filter((h) => h.path.includes('/market_chart'))
        .map((h) => h.path.split('/')[4])
        .sort(),
    ).toEqual(['bitcoin', 'ethereum', 'quzcoin']);
    expect(
      server.hits.filter((h) => /^\/api\/v3\/coins\/[^/]+\?/.test(h.path)).map((h) => h.path.split('?')[0]),
    ).toEqual(expect.arrayContaining(['/api/v3/coins/bitcoin', '/api/v3/coins/ethereum', '/api/v3/coins/quzcoin']));
    expect(all.lines.join('\n')).not.toMatch(/market_data/);
    expect(server.hits.every((h) => h.userAgent === TEST_USER_AGENT)).toBe(true);

    // The explicit form settles an ambiguous symbol and needs no list.
    const explicit = await run(['QZX=zquex-network']);
    expect(explicit.code).toBe(0);
    expect(explicit.lines[0]).toMatch(/^coingecko: 1 loaded, 0 unchanged, 0 failed/);
    expect(server.hitsTo('/api/v3/coins/list')).toHaveLength(2);

    const loaded = await database.db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['securities.ticker', (eb) => eb.fn.countAll<number | string>().as('days')])
      .groupBy('securities.ticker')
      .orderBy('securities.ticker')
      .execute();
    expect(loaded.map((r) => [r.ticker, Number(r.days)])).toEqual([
      ['BTC', 3],
      ['ETH', 3],
      ['QZC', 3],
      ['QZX', 3],
    ]);
  });
});
