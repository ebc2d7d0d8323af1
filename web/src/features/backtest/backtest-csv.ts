import type { BacktestResponse } from '@app/contract';

/*
 * The backtest as CSV (RFC 4180, CRLF): one line per month end with both lines' values, then one line
 * per rebalance with its members. Numbers raw with a dot (any spreadsheet language reads them); the
 * header names are English like the API's field names, so a file reads the same from any page language.
 */
const line = (fields: readonly (string | number | null)[]) =>
  fields.map((field) => (field === null ? '' : typeof field === 'number' ? String(field) : quoted(field))).join(',');

function quoted(text: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection): quote with a tick.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function backtestCsv(answer: BacktestResponse): string {
  const universe = new Map(answer.universe.monthly.map((point) => [point.day, point.value]));
  const lines = [line(['day', 'portfolio_index', 'universe_index'])];
  for (const point of answer.portfolio.monthly)
    lines.push(line([point.day, point.value, universe.get(point.day) ?? null]));
  lines.push('');
  lines.push(line(['rebalance_day', 'matched', 'members']));
  for (const r of answer.rebalances) lines.push(line([r.day, r.matched, r.members.join(' ')]));
  return `${lines.join('\r\n')}\r\n`;
}
