import { describe, expect, it } from 'vitest';
import { exDividendDayOfMonth, filingLagDays, payMonths } from './calendar.ts';
import { generateCompany } from './generator.ts';
import { DEMO_COMPANIES } from './universe.ts';

/* The demo's company calendars (issue 42): each company its own days, within real deadlines. */

describe('the demo companies’ calendars', () => {
  it('spreads ex-dividend days over the month and quarterly payers over the three quarterly cycles', () => {
    const tickers = DEMO_COMPANIES.map((company) => company.ticker);
    expect(new Set(tickers.map(exDividendDayOfMonth)).size).toBeGreaterThan(10);
    const cycles = new Set(tickers.map((ticker) => (payMonths(ticker, 'quarterly')[0] as number) % 3));
    expect(cycles.size).toBe(3);
    for (const ticker of tickers) {
      expect(exDividendDayOfMonth(ticker)).toBeGreaterThanOrEqual(1);
      expect(exDividendDayOfMonth(ticker)).toBeLessThanOrEqual(28);
      expect(payMonths(ticker, 'quarterly').every((month) => month >= 1 && month <= 12)).toBe(true);
    }
  });

  it('files each company on its own lag, within 40 days of a quarter and 60 of a year', () => {
    const tickers = DEMO_COMPANIES.map((company) => company.ticker);
    const quarterly = tickers.map((ticker) => filingLagDays(ticker, false));
    const annual = tickers.map((ticker) => filingLagDays(ticker, true));
    expect(Math.max(...quarterly)).toBeLessThanOrEqual(40);
    expect(Math.max(...annual)).toBeLessThanOrEqual(60);
    expect(new Set(quarterly).size).toBeGreaterThan(5);
    expect(new Set(annual).size).toBeGreaterThan(5);
  });

  it('gives two payers of one frequency different ex-dividend dates, not the same day for all', () => {
    const payers = DEMO_COMPANIES.filter((company) => company.dividends === 'quarterly').slice(0, 6);
    const lastExDates = payers.map((company) => generateCompany(company, '2026-06-30').dividends?.at(-1)?.exDate);
    expect(new Set(lastExDates).size).toBeGreaterThan(1);
  });
});
