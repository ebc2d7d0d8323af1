import { ratio } from './types.ts';

/* Margins, returns, per-share values and capital allocation (finance-definitions.md). */

export interface Margins {
  gross: number | null;
  operating: number | null;
  net: number | null;
}

/** Gross, operating and net margin as fractions of revenue; null without positive revenue. */
export function margins(
  revenue: number | null,
  grossProfit: number | null,
  operatingIncome: number | null,
  netIncome: number | null,
): Margins {
  const base = revenue != null && revenue > 0 ? revenue : null;
  return { gross: ratio(grossProfit, base), operating: ratio(operatingIncome, base), net: ratio(netIncome, base) };
}

function average(start: number | null, end: number | null): number | null {
  if (start == null) return end;
  if (end == null) return start;
  return (start + end) / 2;
}

/** ROE = net income / average equity (start and end); null when average equity <= 0. */
export function returnOnEquity(netIncome: number | null, equityStart: number | null, equityEnd: number | null) {
  const avg = average(equityStart, equityEnd);
  return avg != null && avg > 0 ? ratio(netIncome, avg) : null;
}

/** ROA = net income / average total assets. */
export function returnOnAssets(netIncome: number | null, assetsStart: number | null, assetsEnd: number | null) {
  const avg = average(assetsStart, assetsEnd);
  return avg != null && avg > 0 ? ratio(netIncome, avg) : null;
}

/** Income tax / pre-tax income, clamped to [0, 0.5]; 21% (the US federal rate) when unknown. */
export function effectiveTaxRate(incomeTax: number | null, pretaxIncome: number | null): number {
  const rate = pretaxIncome != null && pretaxIncome > 0 ? ratio(incomeTax, pretaxIncome) : null;
  if (rate == null) return 0.21;
  return Math.min(0.5, Math.max(0, rate));
}

/** ROIC = NOPAT / (debt + equity - cash), NOPAT = operating income x (1 - tax rate). */
export function returnOnInvestedCapital(input: {
  operatingIncome: number | null;
  incomeTax: number | null;
  pretaxIncome: number | null;
  debt: number | null;
  equity: number | null;
  cash: number | null;
}): number | null {
  if (input.operatingIncome == null || input.equity == null) return null;
  const invested = (input.debt ?? 0) + input.equity - (input.cash ?? 0);
  if (invested <= 0) return null;
  return (input.operatingIncome * (1 - effectiveTaxRate(input.incomeTax, input.pretaxIncome))) / invested;
}

/** Debt / equity; null when equity <= 0. */
export function debtToEquity(debt: number | null, equity: number | null): number | null {
  if (equity == null || equity <= 0) return null;
  return ratio(debt ?? 0, equity);
}

/** A value per share (revenue per share, book value per share...). */
export function perShare(value: number | null, shares: number | null): number | null {
  if (shares == null || shares <= 0) return null;
  return ratio(value, shares);
}

/** EPS = net income / weighted shares, unless the filing gave one (preferred). */
export function earningsPerShare(filedEps: number | null, netIncome: number | null, shares: number | null) {
  return filedEps ?? perShare(netIncome, shares);
}

export interface CapitalAllocationInput {
  operatingCashFlow: number | null;
  dividendsPaid: number | null;
  buybacks: number | null;
  capitalExpenditure: number | null;
  debtRepaid: number | null;
  /** New debt issued in the period; netted against repayments when both are reported. */
  debtIssued: number | null;
  acquisitions: number | null;
}

export interface Allocation {
  amount: number | null;
  /** Share of operating cash flow (0.25 = 25%); null when operating cash flow <= 0. */
  ofOperatingCashFlow: number | null;
}

export interface CapitalAllocation {
  freeCashFlow: number | null;
  dividends: Allocation;
  buybacks: Allocation;
  capitalExpenditure: Allocation;
  /** Repaid minus issued when both are reported (net debt repaid), else repaid as filed. */
  debtRepaid: Allocation;
  acquisitions: Allocation;
}

/**
 * FCF = operating cash flow - capital expenditure, the expenditure an outflow whatever sign it was filed
 * with; unknown without operating cash flow. The one definition: capital allocation, the statements'
 * computed line and the valuation chart's P/FCF read it.
 */
export function freeCashFlow(operatingCashFlow: number | null, capitalExpenditure: number | null): number | null {
  return operatingCashFlow == null ? null : operatingCashFlow - Math.abs(capitalExpenditure ?? 0);
}

/** Where the operating cash flow went. Outflows are positive amounts whatever sign the filing used. */
export function capitalAllocation(input: CapitalAllocationInput): CapitalAllocation {
  const ocf = input.operatingCashFlow;
  const share = (amount: number | null): Allocation => ({
    amount,
    ofOperatingCashFlow: ocf != null && ocf > 0 ? ratio(amount, ocf) : null,
  });
  const out = (v: number | null) => (v == null ? null : Math.abs(v));
  const repaid = out(input.debtRepaid);
  const netRepaid = repaid != null && input.debtIssued != null ? repaid - Math.abs(input.debtIssued) : repaid;
  const capex = out(input.capitalExpenditure);
  return {
    freeCashFlow: freeCashFlow(ocf, capex),
    dividends: share(out(input.dividendsPaid)),
    buybacks: share(out(input.buybacks)),
    capitalExpenditure: share(capex),
    debtRepaid: share(netRepaid),
    acquisitions: share(out(input.acquisitions)),
  };
}

/** Income tax / income before tax as filed (unclamped); null without positive pre-tax income. */
export function incomeTaxRate(incomeTax: number | null, pretaxIncome: number | null): number | null {
  return pretaxIncome != null && pretaxIncome > 0 ? ratio(incomeTax, pretaxIncome) : null;
}

/** A sum of parts where a part not filed counts as none; null when no part is known. */
export function sumOfKnown(...parts: (number | null)[]): number | null {
  let sum: number | null = null;
  for (const part of parts) if (part != null) sum = (sum ?? 0) + part;
  return sum;
}
