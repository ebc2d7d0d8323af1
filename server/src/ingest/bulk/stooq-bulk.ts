import path from 'node:path';
import type { Db } from '../../db/index.ts';
import type { Source } from '../types.ts';
import { rememberEntry, storedFingerprints } from './fingerprints.ts';
import { parsingThread } from './parse-pool.ts';
import type { BulkPlan } from './sec-bulk.ts';
import { fingerprintOf, openZip, type ZipEntry } from './zip-reader.ts';

/*
 * `ingest stooq-bulk`: Stooq's daily archive of US stocks (data/daily/us/<market>/<n>/<ticker>.us.txt,
 * `<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>` with dates as YYYYMMDD). Each
 * file is turned into the CSV the per-ticker `ingest stooq` reads and parsed by the same parser. Like
 * `ingest stooq --all`, only the stocks already known (loaded from SEC first) are loaded; the others are
 * counted. Files unchanged since they were loaded (CRC-32 and size) are not read. The files are read and
 * parsed on a thread of their own (parse-pool.ts) while the main thread writes.
 */

/** `aapl.us.txt` -> AAPL; `brk-b.us.txt` -> BRK-B. */
export function stooqTicker(entryName: string): string | null {
  const base = path.posix.basename(entryName);
  const match = /^(.+?)(\.us)?\.txt$/i.exec(base);
  return match ? (match[1] as string).toUpperCase() : null;
}

export { stooqBulkToCsv } from './parse-entry.ts';

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
    const parser = parsingThread();
    const source: Source = {
      name: 'stooq',
      listTickers: async () => [...planned.keys()],
      async fetchSecurity(ticker) {
        const plan = planned.get(ticker);
        if (!plan) throw new Error(`${ticker} is not in the archive`);
        return parser.parse({ kind: 'stooq', archive: file, entry: plan.entry, ticker });
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
      async close() {
        await parser.close();
        await zip.close();
      },
    };
  } catch (error) {
    await zip.close();
    throw error;
  }
}
