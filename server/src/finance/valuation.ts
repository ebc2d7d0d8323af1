import { ratio } from './types.ts';

/* Valuation ratios (finance-definitions.md, Valuation ratios over time). */

/** Market cap = close x shares outstanding (the latest reported). */
export function marketCap(close: number | null, sharesOutstanding: number | null): number | null {
  if (close == null || sharesOutstanding == null || sharesOutstanding <= 0) return null;
  return close * sharesOutstanding;
}

/** P/E = close / TTM EPS; null when EPS <= 0 (a loss has no meaningful P/E). */
export function priceToEarnings(close: number | null, ttmEps: number | null): number | null {
  if (ttmEps == null || ttmEps <= 0) return null;
  return ratio(close, ttmEps);
}

/** P/S = market cap / TTM revenue. */
export function priceToSales(cap: number | null, ttmRevenue: number | null): number | null {
  if (ttmRevenue == null || ttmRevenue <= 0) return null;
  return ratio(cap, ttmRevenue);
}

/** P/B = market cap / latest equity; null when equity <= 0 (negative book value). */
export function priceToBook(cap: number | null, equity: number | null): number | null {
  if (equity == null || equity <= 0) return null;
  return ratio(cap, equity);
}

/** EV = market cap + total debt - cash (missing debt or cash count as 0). */
export function enterpriseValue(cap: number | null, debt: number | null, cash: number | null): number | null {
  if (cap == null) return null;
  return cap + (debt ?? 0) - (cash ?? 0);
}

/** EBITDA = operating income + depreciation and amortisation. */
export function ebitda(operatingIncome: number | null, depreciation: number | null): number | null {
  // Without D&A it would be EBIT under EBITDA's name: a total only when every part is known.
  if (operatingIncome == null || depreciation == null) return null;
  return operatingIncome + depreciation;
}

/** EV / EBITDA; null when EBITDA <= 0. */
export function evToEbitda(ev: number | null, ebitdaValue: number | null): number | null {
  if (ebitdaValue == null || ebitdaValue <= 0) return null;
  return ratio(ev, ebitdaValue);
}

/** P/FCF = market cap / TTM free cash flow; null when FCF <= 0 (burning cash has no meaningful multiple). */
export function priceToFreeCashFlow(cap: number | null, fcf: number | null): number | null {
  if (fcf == null || fcf <= 0) return null;
  return ratio(cap, fcf);
}

/** EV/Sales = enterprise value / TTM revenue; null when revenue <= 0. */
export function evToSales(ev: number | null, revenue: number | null): number | null {
  if (revenue == null || revenue <= 0) return null;
  return ratio(ev, revenue);
}
