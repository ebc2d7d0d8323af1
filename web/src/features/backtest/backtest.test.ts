import type { BacktestResponse } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { backtestCsv } from './backtest-csv.ts';
import { backtestParams, backtestSearchParams, parseBacktestState } from './backtest-state.ts';

describe('backtest page state', () => {
  it('takes the screen from the link and falls back to a year, monthly, 20 on bad values', () => {
    const state = parseBacktestState(
      new URLSearchParams('filter=pe+lt+15&orderBy=dividendYieldPct+desc&from=2020-13&rebalance=weekly&top=7'),
      '2026-12-07',
    );
    expect(state).toEqual({
      filter: 'pe lt 15',
      orderBy: 'dividendYieldPct desc',
      from: '2025-12-07',
      to: '2026-12-07',
      rebalance: 'monthly',
      top: 20,
    });
    expect(parseBacktestState(backtestSearchParams(state), '2030-01-01')).toEqual(state);
    expect(backtestParams(state)).toEqual({
      $filter: 'pe lt 15',
      orderBy: 'dividendYieldPct desc',
      from: '2025-12-07',
      to: '2026-12-07',
      rebalance: 'monthly',
      top: '20',
    });
  });
});

describe('backtest CSV', () => {
  it('writes both lines per month end, then the members per rebalance, and quotes a formula-like ticker', () => {
    const line = { atRebalance: [], cagrPct: 1, volatilityPct: 2, maxDrawdownPct: 0 };
    const answer: BacktestResponse = {
      from: '2024-01-31',
      to: '2024-02-29',
      rebalance: 'monthly',
      top: 2,
      orderBy: 'marketCap desc',
      portfolio: {
        ...line,
        monthly: [
          { day: '2024-01-31', value: 100 },
          { day: '2024-02-29', value: 104.5 },
        ],
      },
      universe: {
        ...line,
        monthly: [
          { day: '2024-01-31', value: 100 },
          { day: '2024-02-29', value: 99 },
        ],
      },
      turnoverPct: null,
      rebalances: [{ day: '2024-01-31', matched: 3, members: ['=BAD', 'ACME'] }],
      limits: ['survivorship', 'pricesAsLoaded', 'noCosts'],
    };
    expect(backtestCsv(answer).split('\r\n')).toEqual([
      'day,portfolio_index,universe_index',
      '2024-01-31,100,100',
      '2024-02-29,104.5,99',
      '',
      'rebalance_day,matched,members',
      "2024-01-31,3,'=BAD ACME",
      '',
    ]);
  });
});
