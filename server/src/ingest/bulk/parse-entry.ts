import { parsePriceCsv } from '../sources/csv.ts';
import { secBundle } from '../sources/sec.ts';
import type { SecurityBundle, SecurityProfile } from '../types.ts';
import { entryJson } from './fingerprints.ts';
import type { ZipEntry } from './zip-reader.ts';

/*
 * One archive entry -> the loader's bundle, the same parsers as the per-company commands: a companyfacts
 * entry through `ingest sec`'s, a Stooq file through `ingest stooq`'s CSV parser. Run on the bulk
 * commands' parsing thread (parse-pool.ts); every error names the archive and the entry.
 */

export type ParseJob = { archive: string; entry: ZipEntry } & (
  | { kind: 'sec'; key: string; profile: SecurityProfile }
  | { kind: 'stooq'; ticker: string }
);

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

/** The name an error about the job's entry carries: `companyfacts.zip: entry CIK0000320193.json`. */
export function entryLabel(job: ParseJob, archiveName: string): string {
  return `${archiveName}: entry ${job.kind === 'sec' ? job.key : job.entry.name}`;
}

/** Parses the entry's bytes; an error's message names the entry. */
export function parseEntry(job: ParseJob, data: Buffer, archiveName: string): SecurityBundle {
  const named = job.kind === 'sec' ? job.key : job.entry.name;
  try {
    if (job.kind === 'sec') return secBundle(job.profile, entryJson(archiveName, job.key, data));
    const { prices, rejections } = parsePriceCsv(stooqBulkToCsv(data.toString('utf8')), job.ticker, 'stooq');
    return { profile: { ticker: job.ticker, kind: 'stock' }, prices, rejections };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.includes(named) ? message : `${entryLabel(job, archiveName)}: ${message}`);
  }
}
