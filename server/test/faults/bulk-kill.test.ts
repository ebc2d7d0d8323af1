import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArchives } from '../../src/ingest/bulk/generate-archives.ts';
import { runIngest as runIngestCli, startIngest, stopAll, stopProcess, tempDir } from '../multi-instance/harness.ts';
import { countRows, coverageOf, waitForCount, wholeCoverage } from './fault-helpers.ts';

/*
 * Issue 35: `ingest sec-bulk` killed (SIGKILL) in the middle of the archive, then run again with the same
 * archives: it resumes the run, reads only the entries not loaded yet, and every company ends with its
 * statements, its screener row and its entry's fingerprint.
 */

const COMPANIES = 14;

afterAll(async () => {
  await stopAll();
});

const fingerprints = (file: string) => {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return (sqlite.prepare('select count(*) as n from bulk_entries').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

describe('an `ingest sec-bulk` run killed mid-archive', () => {
  it('is resumed by the same command, which loads only the rest', async () => {
    const { dir, remove } = tempDir('ll-bulk-kill-');
    try {
      const files = await writeArchives({
        companies: COMPANIES,
        out: path.join(dir, 'archives'),
        endDay: '2024-06-28',
      });
      const file = path.join(dir, 'ledgerlight.db');
      const env = { DATA_DIR: dir };
      const args = ['sec-bulk', '--companyfacts', files.companyfacts, '--submissions', files.submissions];
      const killed = startIngest(args, env);
      await waitForCount(() => countRows(file, 'ingest_run_items'), 4, 60_000);
      await stopProcess(killed.child, 'SIGKILL');
      const written = countRows(file, 'securities');
      expect(written).toBeLessThan(COMPANIES);
      // Each company written carries its entry's fingerprint (same transaction), no other does.
      expect(fingerprints(file)).toBe(written);

      const again = await runIngestCli(args, env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain(`${COMPANIES - written} to load, ${written} unchanged since they were loaded`);
      expect(again.output).toMatch(/resumed run \d+/);
      expect(await coverageOf(file)).toEqual(wholeCoverage(COMPANIES));
      expect(countRows(file, 'indicators')).toBe(COMPANIES);
      expect(fingerprints(file)).toBe(COMPANIES);

      const third = await runIngestCli(args, env);
      expect(third.code, third.output).toBe(0);
      expect(third.output).toContain(`0 to load, ${COMPANIES} unchanged since they were loaded`);
    } finally {
      remove();
    }
  }, 120_000);
});
