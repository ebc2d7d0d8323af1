import path from 'node:path';
import { writeArchives } from '../server/src/ingest/bulk/generate-archives.ts';

/*
 * `npm run bench:archives -- --companies N --out <folder> [--end YYYY-MM-DD]`: SEC's companyfacts.zip and
 * submissions.zip and a Stooq daily archive (d_us_txt.zip) for N companies of the demo generator (the
 * hand-made ones, then synthetic ones), in the real formats, for `ingest sec-bulk` / `stooq-bulk`,
 * bench:ingest and tests without the internet.
 */

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const companies = Number(flag('companies') ?? 50);
const out = path.resolve(flag('out') ?? 'bench-archives');
const end = flag('end');
if (!Number.isInteger(companies) || companies < 1) {
  process.stderr.write('usage: npm run bench:archives -- --companies N --out <folder> [--end YYYY-MM-DD]\n');
  process.exit(2);
}
const started = Date.now();
const files = await writeArchives({ companies, out, ...(end ? { endDay: end } : {}) });
process.stdout.write(
  `${companies} companies in ${((Date.now() - started) / 1000).toFixed(1)} s:\n  ${files.companyfacts}\n  ${files.submissions}\n  ${files.stooq}\n`,
);
