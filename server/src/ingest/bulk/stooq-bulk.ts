import path from 'node:path';
import type { Db } from '../../db/index.ts';
import { parsePriceCsv } from '../sources/csv.ts';
import type { Source } from '../types.ts';
import { rememberEntry, storedFingerprints } from './fingerprints.ts';
import type { BulkPlan } from './sec-bulk.ts';
import { fingerprintOf, openZip, type ZipEntry } from './zip-reader.ts';

/*
 * `ingest stooq-bulk`: Stooq's daily archive of US stocks (data/daily/us/<market>/<n>/<ticker>.us.txt,
 * `<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>` with dates as YYYYMMDD). Each
 * file is turned into the CSV the per-ticker `ingest stooq` reads and parsed by the same parser. Like
 * `ingest stooq --all`, only the stocks already known (loaded from SEC first) are loaded; the others are
 * counted. Files unchanged since they were loaded (CRC-32 and size) are not read.
 */

/** `aapl.us.txt` -> AAPL; `brk-b.us.txt` -> BRK-B. */
export function stooqTicker(entryName: string): string | null {
  const base = path.posix.basename(entryName);
  const match = /^(.+?)(\.us)?\.txt$/i.exec(base);
  return match ? (match[1] as string).toUpperCase() : null;
}

/** Stooq's bulk text -> Date,Open,High,Low,Close,Volume CSV (the header's <...> dropped, days dashed). */
export function stooqBulkToCsv(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().replace(/^<|>$/g, ''));
  const dateAt = header.findIndex((h) => h.toLowerCase() === 'date');
  const out = [header.map((h) => (h.toLowerCase() === 'vol' ? 'Volume' : h)).join(',')];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const day = cells[dateAt];
    if (day && /^\d{8}$/.test(day.trim())) {
      const d = day.trim();
      cells[dateAt] = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    }
    out.push(cells.join(','));
  }
  return out.join('\n');
}

export interface StooqPlan extends BulkPlan {
  /** Files of tickers that are no known stock. */
  unknown: number;
}

export async function planStooqBulk(db: Db, file: string): Promise<StooqPlan> {
  const zip = await openZip(file);
  try {
    const known = new Set(
      (await db.selectFrom('securities').select('ticker').where('kind', '=', 'stock').execute()).map((r) => r.ticker),
    );
    const stored = await storedFingerprints(db, 'stooq');
    const planned = new Map<string, { entry: ZipEntry; fingerprint: string }>();
    const rejected: BulkPlan['rejected'] = [];
    let unchanged = 0;
    let unknown = 0;
    for await (const entry of zip.entries()) {
      const ticker = stooqTicker(entry.name);
      if (!ticker) continue;
      if (!known.has(ticker)) {
        unknown++;
        continue;
      }
      const fingerprint = fingerprintOf(entry);
      if (stored.get(ticker) === fingerprint) unchanged++;
      else if (planned.has(ticker)) rejected.push({ entry: entry.name, reason: `a second file for ${ticker}` });
      else planned.set(ticker, { entry, fingerprint });
    }
    const cut = zip.truncatedEntry();
    if (cut) rejected.push({ entry: cut, reason: 'cut short (truncated archive)' });
    const name = path.basename(file);
    const source: Source = {
      name: 'stooq',
      listTickers: async () => [...planned.keys()],
      async fetchSecurity(ticker) {
        const plan = planned.get(ticker);
        if (!plan) throw new Error(`${ticker} is not in the archive`);
        try {
          const text = stooqBulkToCsv((await zip.read(plan.entry)).toString('utf8'));
          const { prices, rejections } = parsePriceCsv(text, ticker, 'stooq');
          return { profile: { ticker, kind: 'stock' }, prices, rejections };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(
            message.includes(plan.entry.name) ? message : `${name}: entry ${plan.entry.name}: ${message}`,
          );
        }
      },
    };
    return {
      source,
      tickers: [...planned.keys()],
      unchanged,
      unknown,
      rejected,
      async onWritten(tx, ticker) {
        const plan = planned.get(ticker);
        if (plan) await rememberEntry(tx, 'stooq', { key: ticker, fingerprint: plan.fingerprint, ticker });
      },
      close: () => zip.close(),
    };
  } catch (error) {
    await zip.close();
    throw error;
  }
}
