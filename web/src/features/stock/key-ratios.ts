import type { TtmFinancials } from '@app/contract';

type TtmValues = TtmFinancials['series'][number]['values'];

/**
 * Ratios of the key-statistics panel from the TTM figures (finance-definitions.md): P/E = price / TTM EPS
 * and payout = dividends paid / net income, both undefined (null) when earnings are zero or negative;
 * enterprise value = market cap + total debt - cash (a missing debt or cash counts as none filed).
 */
export function keyRatios(price: number | null, values: TtmValues, marketCap: number | null = null) {
  const eps = values.epsBasic ?? null;
  const netIncome = values.netIncome ?? null;
  const dividends = values.dividendsPaid ?? null;
  const debt = values.totalDebt ?? null;
  const cash = values.cash ?? null;
  return {
    eps,
    pe: price !== null && eps !== null && eps > 0 ? price / eps : null,
    payout: netIncome !== null && netIncome > 0 && dividends !== null ? Math.abs(dividends) / netIncome : null,
    netMargin: values.netMargin ?? null,
    shares: values.sharesOutstanding ?? null,
    enterpriseValue:
      marketCap !== null && (debt !== null || cash !== null) ? marketCap + (debt ?? 0) - (cash ?? 0) : null,
  };
}
