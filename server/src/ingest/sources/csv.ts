import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HttpClient } from '../http-client.ts';
import { type DividendRecord, finiteNumber, isDay, type PriceBar, type Rejection, type Source } from '../types.ts';
import { ParseError } from './sec.ts';

/*
 * Plain CSV daily prices (Date,Open,High,Low,Close,Volume[,...]) as Stooq and most vendors export
 * them, with raw (as traded) prices, and a CSV of dividends (Ticker?,ExDate,Amount[,PayDate,...]).
 * Columns are found by header name, case-insensitively, so extra or reordered columns are fine.
 */

/** Minimal RFC 4180 line splitting: quoted fields with "" escapes; no multi-line fields in these files. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

function table(text: string, required: string[], what: string): { header: Map<string, number>; rows: string[][] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const first = lines[0];
  if (!first) throw new ParseError(what, 'empty file');
  const header = new Map(splitCsvLine(first).map((h, i) => [h.toLowerCase().replace(/[\s_-]/g, ''), i]));
  for (const r of required) if (!header.has(r)) throw new ParseError(what, `missing column ${r}`);
  return { header, rows: lines.slice(1).map(splitCsvLine) };
}

export function parsePriceCsv(
  text: string,
  ticker: string,
  source = 'csv',
): { prices: PriceBar[]; rejections: Rejection[] } {
  const { header, rows } = table(text, ['date', 'close'], 'prices');
  const col = (row: string[], name: string) => {
    const i = header.get(name);
    return i === undefined ? undefined : row[i];
  };
  const rejections: Rejection[] = [];
  const prices: PriceBar[] = [];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const line = i + 2;
    const day = col(row, 'date');
    const close = finiteNumber(col(row, 'close'));
    const reject = (field: string, reason: string) => {
      rejections.push({ source, ticker, field, reason: `line ${line}: ${reason}` });
    };
    if (!isDay(day)) {
      reject('date', `bad date ${JSON.stringify(day)}`);
      continue;
    }
    if (close === null || close <= 0) {
      reject('close', `bad close ${JSON.stringify(col(row, 'close'))}`);
      continue;
    }
    if (seen.has(day)) {
      reject('date', `duplicate day ${day}`);
      continue;
    }
    const [open, high, low, volume] = ['open', 'high', 'low', 'volume'].map((n) => finiteNumber(col(row, n)));
    if (high != null && low != null && high < low) {
      reject('high', `high ${high} below low ${low}`);
      continue;
    }
    if (volume != null && volume < 0) {
      reject('volume', `negative volume ${volume}`);
      continue;
    }
    seen.add(day);
    prices.push({ day, open: open ?? null, high: high ?? null, low: low ?? null, close, volume: volume ?? null });
  }
  prices.sort((a, b) => (a.day < b.day ? -1 : 1));
  return { prices, rejections };
}

export interface TickerDividend extends DividendRecord {
  ticker: string | null;
}

export function parseDividendCsv(
  text: string,
  source = 'csv',
): { dividends: TickerDividend[]; rejections: Rejection[] } {
  const { header, rows } = table(text, ['exdate', 'amount'], 'dividends');
  const col = (row: string[], name: string) => {
    const i = header.get(name);
    return i === undefined ? undefined : row[i] || undefined;
  };
  const rejections: Rejection[] = [];
  const dividends: TickerDividend[] = [];
  for (const [i, row] of rows.entries()) {
    const ticker = col(row, 'ticker')?.toUpperCase() ?? null;
    const exDate = col(row, 'exdate');
    const amount = finiteNumber(col(row, 'amount'));
    const reject = (field: string, reason: string) => {
      rejections.push({ source, ticker: ticker ?? '', field, reason: `line ${i + 2}: ${reason}` });
    };
    if (!isDay(exDate)) {
      reject('exDate', `bad date ${JSON.stringify(exDate)}`);
      continue;
    }
    if (amount === null || amount <= 0) {
      reject('amount', `bad amount ${JSON.stringify(col(row, 'amount'))}`);
      continue;
    }
    const optionalDay = (name: string) => {
      const v = col(row, name);
      return isDay(v) ? v : null;
    };
    dividends.push({
      ticker,
      exDate,
      amount,
      payDate: optionalDay('paydate'),
      recordDate: optionalDay('recorddate'),
      declaredDate: optionalDay('declareddate'),
      currency: col(row, 'currency') ?? 'USD',
    });
  }
  return { dividends, rejections };
}

/**
 * Files in a folder: <TICKER>.csv with prices, and an optional dividends.csv (Ticker,ExDate,Amount,...)
 * for all of them.
 */
export function csvFolderSource(dir: string, kind: 'stock' | 'crypto' = 'stock'): Source {
  let dividendFile: Promise<Awaited<ReturnType<typeof parseDividendCsv>>> | null = null;
  const dividendsOf = async (ticker: string) => {
    dividendFile ??= readFile(path.join(dir, 'dividends.csv'), 'utf8').then(
      (text) => parseDividendCsv(text),
      () => ({ dividends: [], rejections: [] }),
    );
    const all = await dividendFile;
    return {
      dividends: all.dividends.filter((d) => d.ticker === ticker).map(({ ticker: _t, ...d }) => d),
      rejections: all.rejections.filter((r) => r.ticker === ticker),
    };
  };
  return {
    name: 'csv',
    async listTickers() {
      const { readdir } = await import('node:fs/promises');
      return (await readdir(dir))
        .filter((f) => f.endsWith('.csv') && f !== 'dividends.csv')
        .map((f) => f.slice(0, -4).toUpperCase());
    },
    async fetchSecurity(ticker) {
      const upper = ticker.toUpperCase();
      const { prices, rejections } = parsePriceCsv(await readFile(path.join(dir, `${upper}.csv`), 'utf8'), upper);
      const divs = await dividendsOf(upper);
      return {
        profile: { ticker: upper, kind },
        prices,
        dividends: divs.dividends,
        rejections: [...rejections, ...divs.rejections],
      };
    },
  };
}

/** Stooq's CSV download (https://stooq.com/q/d/l/?s=aapl.us&i=d): the same CSV format over HTTP. */
export function stooqSource(http: HttpClient, tickers: () => Promise<string[]>): Source {
  return {
    name: 'stooq',
    listTickers: tickers,
    async fetchSecurity(ticker) {
      const upper = ticker.toUpperCase();
      const symbol = upper.includes('.') ? upper.toLowerCase() : `${upper.toLowerCase()}.us`;
      const text = await http.getText(`/q/d/l/?s=${encodeURIComponent(symbol)}&i=d`);
      const { prices, rejections } = parsePriceCsv(text, upper, 'stooq');
      return { profile: { ticker: upper, kind: 'stock' }, prices, rejections };
    },
  };
}
