import { describe, expect, it } from 'vitest';
import { type FiscalYearFacts, piotroski, shareholderYield } from './scores.ts';

/** A fiscal year of a plain industrial company; each scenario changes what it reasons about. */
const year = (overrides: Partial<FiscalYearFacts> = {}): FiscalYearFacts => ({
  netIncome: 100,
  operatingCashFlow: 130,
  revenue: 1000,
  grossProfit: 400,
  totalAssets: 2000,
  longTermDebt: 500,
  currentAssets: 600,
  currentLiabilities: 400,
  sharesDiluted: 50,
  ...overrides,
});

describe('Piotroski F-score', () => {
  it('scores 9 for a year better than the one before on every test', () => {
    const twoBefore = year({ totalAssets: 1900 });
    const before = year();
    const last = year({
      netIncome: 150,
      operatingCashFlow: 200,
      revenue: 1200,
      grossProfit: 500,
      totalAssets: 2050,
      longTermDebt: 400,
      currentAssets: 700,
      sharesDiluted: 49,
    });
    const { score, tests } = piotroski(last, before, twoBefore);
    expect(tests).toEqual({
      netIncomePositive: true,
      operatingCashFlowPositive: true,
      roaUp: true,
      cashAboveIncome: true,
      leverageDown: true,
      currentRatioUp: true,
      noNewShares: true,
      grossMarginUp: true,
      assetTurnoverUp: true,
    });
    expect(score).toBe(9);
  });

  it('scores 0 for a loss year worse than the one before on every test', () => {
    const last = year({
      netIncome: -50,
      operatingCashFlow: -60,
      revenue: 900,
      grossProfit: 300,
      totalAssets: 2100,
      longTermDebt: 700,
      currentAssets: 500,
      sharesDiluted: 55,
    });
    const { score, tests } = piotroski(last, year(), year());
    expect(Object.values(tests)).toEqual(Array(9).fill(false));
    expect(score).toBe(0);
  });

  it('counts an unchanged share count as no new shares, and a growing one as a failed test', () => {
    const same = piotroski(year(), year(), year());
    expect(same.tests.noNewShares).toBe(true);
    const diluted = piotroski(year({ sharesDiluted: 51 }), year(), year());
    expect(diluted.tests.noNewShares).toBe(false);
  });

  it('compares ROA and asset turnover over average total assets, so a bigger balance sheet can fail them', () => {
    // Same income and revenue, assets up from 2000 to 2400: ROA and turnover fall, every other test as before.
    const { tests } = piotroski(year({ totalAssets: 2400, longTermDebt: 600 }), year(), year());
    expect(tests.roaUp).toBe(false);
    expect(tests.assetTurnoverUp).toBe(false);
  });

  it('is null when an input is missing, with that test unknown and the others still shown', () => {
    const { score, tests } = piotroski(year({ longTermDebt: null, netIncome: 120 }), year(), year());
    expect(score).toBeNull();
    expect(tests.leverageDown).toBeNull();
    expect(tests.netIncomePositive).toBe(true);
    expect(tests.roaUp).toBe(true);
  });

  it('is null without the year two before: the year before has no average total assets', () => {
    const { score, tests } = piotroski(year({ netIncome: 120 }), year(), year({ totalAssets: null }));
    expect(score).toBeNull();
    expect(tests.roaUp).toBeNull();
    expect(tests.assetTurnoverUp).toBeNull();
    expect(tests.cashAboveIncome).toBe(true);
  });
});

describe('shareholder yield', () => {
  it('is dividends paid plus buybacks less stock issued over market cap, in %', () => {
    const cash = { operatingCashFlow: 500, dividendsPaid: 40, buybacks: 30, stockIssued: 10 };
    expect(shareholderYield(cash, 2000)).toBeCloseTo(3, 12);
  });

  it('counts a line the cash flow statement does not file as none', () => {
    const cash = { operatingCashFlow: 500, dividendsPaid: 40, buybacks: null, stockIssued: null };
    expect(shareholderYield(cash, 1000)).toBeCloseTo(4, 12);
  });

  it('is negative for a company issuing more stock than it returns', () => {
    const cash = { operatingCashFlow: 500, dividendsPaid: null, buybacks: null, stockIssued: 50 };
    expect(shareholderYield(cash, 1000)).toBeCloseTo(-5, 12);
  });

  it('is null without a cash flow statement or without a market cap', () => {
    const noStatement = { operatingCashFlow: null, dividendsPaid: 40, buybacks: 30, stockIssued: 0 };
    expect(shareholderYield(noStatement, 2000)).toBeNull();
    const cash = { operatingCashFlow: 500, dividendsPaid: 40, buybacks: 30, stockIssued: 0 };
    expect(shareholderYield(cash, null)).toBeNull();
    expect(shareholderYield(cash, 0)).toBeNull();
  });
});
