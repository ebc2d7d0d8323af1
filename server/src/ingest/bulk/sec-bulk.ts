import path from 'node:path';
import type { Db } from '../../db/index.ts';
import { parseSubmissions } from '../sources/sec.ts';
import type { SecurityProfile, Source } from '../types.ts';
import { entryJson, rememberEntry, storedFingerprints } from './fingerprints.ts';
import { parsingThread } from './parse-pool.ts';
import { fingerprintOf, openZip, type ZipArchive, type ZipEntry } from './zip-reader.ts';

/*
 * `ingest sec-bulk`: SEC's nightly companyfacts.zip and submissions.zip, one CIK##########.json per
 * company in each. The companies are those with an entry in companyfacts.zip (every filer with XBRL
 * facts); each one's profile comes from its submissions entry, its statements from its companyfacts
 * entry, through the same parsers and bundle as `ingest sec` (sources/sec.ts). Entries whose fingerprint
 * (both entries' CRC-32 and size) is the one loaded last time are left alone. The companyfacts entries are
 * read and parsed on a thread of their own (parse-pool.ts) while the main thread writes.
 */

const CIK_ENTRY = /^CIK(\d{10})\.json$/;

export interface BulkPlan {
  source: Source;
  tickers: string[];
  /** Entries unchanged since they were loaded: not read at all. */
  unchanged: number;
  /** Entries that could not be planned (no submissions entry, not JSON, no ticker), named. */
  rejected: { entry: string; reason: string }[];
  onWritten: (tx: Db, ticker: string) => Promise<void>;
  close(): Promise<void>;
}

interface Planned {
  profile: SecurityProfile;
  facts: ZipEntry;
  key: string;
  fingerprint: string;
}

async function cikEntries(zip: ZipArchive): Promise<Map<string, ZipEntry>> {
  const out = new Map<string, ZipEntry>();
  for await (const entry of zip.entries()) {
    const name = path.posix.basename(entry.name);
    if (CIK_ENTRY.test(name)) out.set(name, entry);
  }
  return out;
}

export async function planSecBulk(
  db: Db,
  files: { companyfacts: string; submissions: string },
  onPlanned?: (done: number, total: number) => void,
): Promise<BulkPlan> {
  const factsZip = await openZip(files.companyfacts);
  const subsZip = await openZip(files.submissions);
  const parser = parsingThread();
  const close = async () => {
    await parser.close();
    await factsZip.close();
    await subsZip.close();
  };
  try {
    const facts = await cikEntries(factsZip);
    // Only the submissions entries of companies with facts are kept (submissions.zip has every filer).
    const subs = new Map<string, ZipEntry>();
    for await (const entry of subsZip.entries()) {
      const name = path.posix.basename(entry.name);
      if (facts.has(name)) subs.set(name, entry);
    }
    const stored = await storedFingerprints(db, 'sec');
    const rejected: BulkPlan['rejected'] = [];
    for (const [archive, zip] of [
      [files.companyfacts, factsZip],
      [files.submissions, subsZip],
    ] as const) {
      const cut = zip.truncatedEntry();
      if (cut) rejected.push({ entry: `${path.basename(archive)}:${cut}`, reason: 'cut short (truncated archive)' });
    }
    const planned = new Map<string, Planned>();
    let unchanged = 0;
    let done = 0;
    for (const [key, factsEntry] of facts) {
      onPlanned?.(++done, facts.size);
      const subsEntry = subs.get(key);
      if (!subsEntry) {
        rejected.push({ entry: key, reason: `no entry ${key} in ${path.basename(files.submissions)}` });
        continue;
      }
      const fingerprint = `${fingerprintOf(factsEntry)}|${fingerprintOf(subsEntry)}`;
      if (stored.get(key) === fingerprint) {
        unchanged++;
        continue;
      }
      try {
        const json = entryJson(path.basename(files.submissions), key, await subsZip.read(subsEntry));
        const tickers = (json as { tickers?: unknown }).tickers;
        const ticker = Array.isArray(tickers) && typeof tickers[0] === 'string' ? tickers[0].toUpperCase() : null;
        if (!ticker) {
          rejected.push({ entry: key, reason: 'the company has no ticker (submissions lists none)' });
          continue;
        }
        if (planned.has(ticker)) {
          rejected.push({ entry: key, reason: `ticker ${ticker} is also ${planned.get(ticker)?.key}` });
          continue;
        }
        planned.set(ticker, { profile: parseSubmissions(json, ticker), facts: factsEntry, key, fingerprint });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        rejected.push({ entry: key, reason: message.includes(key) ? message : `${key}: ${message}` });
      }
    }
    const source: Source = {
      name: 'sec',
      listTickers: async () => [...planned.keys()],
      async fetchSecurity(ticker) {
        const plan = planned.get(ticker);
        if (!plan) throw new Error(`${ticker} is not in the archives`);
        const { facts: entry, key, profile } = plan;
        return parser.parse({ kind: 'sec', archive: files.companyfacts, entry, key, profile });
      },
    };
    return {
      source,
      tickers: [...planned.keys()],
      unchanged,
      rejected,
      async onWritten(tx, ticker) {
        const plan = planned.get(ticker);
        if (plan) await rememberEntry(tx, 'sec', { key: plan.key, fingerprint: plan.fingerprint, ticker });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
