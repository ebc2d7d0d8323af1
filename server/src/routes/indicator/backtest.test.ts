import { backtestResponse, errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

// AAA: 10, then 20 from 2023-02-15. BBB: 15 throughout. CCC (solar): 12, its data ends on 2023-03-15.
// Rebalances (monthly from 2023-01-02): 01-02, 01-31, 02-28, 03-31; the end 04-28.
describe.each(testDatabases())('backtest of a screen on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      { ticker: 'AAA', prices: weekdayBars('2022-06-01', '2023-04-28', (day) => (day < '2023-02-15' ? 10 : 20)) },
      { ticker: 'BBB', prices: weekdayBars('2022-06-01', '2023-04-28', () => 15) },
      {
        ticker: 'CCC',
        profile: { industry: 'Solar power' },
        prices: weekdayBars('2022-06-01', '2023-03-15', () => 12),
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function backtest(query: Record<string, string>) {
    return t.app.inject({ url: '/api/data/indicator/backtest', query });
  }

  it('runs the screen as of each rebalance, holds its top stocks, and drops a stock whose data ended', async () => {
    const response = await backtest({
      $filter: 'price lt 18',
      orderBy: 'price asc',
      top: '2',
      from: '2023-01-01',
      to: '2023-04-30',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = backtestResponse.parse(response.json());
    expect(body.from).toBe('2023-01-02');
    expect(body.to).toBe('2023-04-28');
    expect(body.rebalances).toEqual([
      { day: '2023-01-02', matched: 3, members: ['AAA', 'CCC'] },
      { day: '2023-01-31', matched: 3, members: ['AAA', 'CCC'] },
      // AAA at 20 no longer passes; CCC's data has ended by 03-31.
      { day: '2023-02-28', matched: 2, members: ['CCC', 'BBB'] },
      { day: '2023-03-31', matched: 1, members: ['BBB'] },
    ]);
    // AAA doubles in February while held with CCC: 100 x (2 + 1) / 2; flat afterwards.
    expect(body.portfolio.atRebalance.map((p) => p.value)).toEqual([100, 100, 150, 150, 150]);
    expect(body.portfolio.monthly.map((p) => p.day)).toEqual([
      '2023-01-02',
      '2023-01-31',
      '2023-02-28',
      '2023-03-31',
      '2023-04-28',
    ]);
    // The universe holds all three: AAA's doubling is a third of it.
    expect(body.universe.atRebalance.at(-1)?.value).toBeCloseTo(400 / 3, 10);
    // Turnover 0, then 2/3 (AAA 2/3 + CCC 1/3 -> CCC, BBB), then 1/2: the mean 7/18.
    expect(body.turnoverPct).toBeCloseTo((7 / 18) * 100, 10);
    expect(body.portfolio.maxDrawdownPct).toBe(0);
    expect(body.limits).toEqual(['survivorship', 'pricesAsLoaded', 'noCosts']);
  });

  it('takes the green flags as part of the screen, quarterly', async () => {
    const response = await backtest({
      isGreenEnergy: 'true',
      from: '2023-01-02',
      to: '2023-04-28',
      rebalance: 'quarterly',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = backtestResponse.parse(response.json());
    expect(body.rebalances.map((r) => [r.day, r.members])).toEqual([
      ['2023-01-02', ['CCC']],
      ['2023-03-31', []],
    ]);
  });

  it.each([
    [{ to: '2023-04-28' }, 'from'],
    [{ from: '2023-04-28', to: '2023-01-02' }, 'from'],
    [{ from: '2021-01-04', to: '2023-04-28' }, 'from'],
    [{ from: '2023-01-02', to: '2999-01-01' }, 'to'],
    [{ from: '2023-01-02', to: '2023-04-28', rebalance: 'weekly' }, 'rebalance'],
    [{ from: '2023-01-02', to: '2023-04-28', top: '0' }, 'top'],
    [{ from: '2023-01-02', to: '2023-04-28', $filter: 'price lt' }, '$filter'],
    [{ from: '2023-01-02', to: '2023-04-28', orderBy: 'nothing desc' }, 'orderBy'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const response = await backtest(query as Record<string, string>);
    expect(response.statusCode, response.body).toBe(400);
    const body = errorBody.parse(response.json());
    expect((body.error.details as { field?: string }).field).toBe(field);
  });
});
