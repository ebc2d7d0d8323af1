import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParseJob } from './parse-entry.ts';
import { parsingThread } from './parse-pool.ts';
import { openZip, type ZipEntry } from './zip-reader.ts';
import { createZip } from './zip-writer.ts';

/*
 * The bulk commands' parsing thread: its answers, an entry it cannot parse named in the error, and a
 * thread that stops with entries sent to it (ended here while parsing a large entry) failing each of them
 * by name, the next entries parsed by a new thread.
 */

let dir: string;
let facts: string;
let stooq: string;
const entries = new Map<string, ZipEntry>();
const HUGE = 'CIK0000000001.json';
const NOT_JSON = 'CIK0000000002.json';
const HUGE_TOO = 'CIK0000000003.json';
const STOOQ = 'data/daily/us/nyse stocks/1/qbtz.us.txt';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ledgerlight-parse-'));
  facts = path.join(dir, 'companyfacts.zip');
  stooq = path.join(dir, 'd_us_txt.zip');
  const zip = await createZip(facts);
  // About 60 MB of JSON: the thread is still parsing it when it is ended.
  const item = '{"end":"2020-12-31","val":1,"accn":"0001900001-21-000001","fy":2020,"fp":"FY","form":"10-K"}';
  const huge = (cik: number) =>
    `{"cik":${cik},"entityName":"Huge","facts":{"us-gaap":{"Revenues":{"units":{"USD":[${`${item},`.repeat(600_000)}${item}]}}}}}`;
  await zip.add(HUGE, huge(1));
  await zip.add(HUGE_TOO, huge(3));
  await zip.add(NOT_JSON, '{"cik": 2, "facts": ');
  await zip.close();
  const prices = await createZip(stooq);
  await prices.add(
    STOOQ,
    '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>\nQBTZ.US,D,20240102,000000,10,11,9,10.5,1000,0\nQBTZ.US,D,20240103,000000,10.5,12,10,11.5,2000,0\n',
  );
  await prices.close();
  for (const file of [facts, stooq]) {
    const archive = await openZip(file);
    for await (const entry of archive.entries()) entries.set(entry.name, entry);
    await archive.close();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const secJob = (key: string): ParseJob => ({
  kind: 'sec',
  archive: facts,
  entry: entries.get(key) as ZipEntry,
  key,
  profile: { ticker: 'QBTZ', kind: 'stock' },
});
const stooqJob: () => ParseJob = () => ({
  kind: 'stooq',
  archive: stooq,
  entry: entries.get(STOOQ) as ZipEntry,
  ticker: 'QBTZ',
});

describe('the bulk parsing thread', () => {
  it('answers with the bundle, and names the entry it cannot parse', async () => {
    const parser = parsingThread();
    try {
      const bundle = await parser.parse(stooqJob());
      expect(bundle.profile).toEqual({ ticker: 'QBTZ', kind: 'stock' });
      expect(bundle.prices?.map((p) => [p.day, p.close, p.volume])).toEqual([
        ['2024-01-02', 10.5, 1000],
        ['2024-01-03', 11.5, 2000],
      ]);
      await expect(parser.parse(secJob(NOT_JSON))).rejects.toThrow(`companyfacts.zip: entry ${NOT_JSON} is not JSON`);
    } finally {
      await parser.close();
    }
  });

  it('fails the entries a stopped thread held by name, and parses the next ones on a new thread', async () => {
    const parser = parsingThread();
    try {
      const huge = parser.parse(secJob(HUGE));
      // Sent to the same thread too, and still in it when it stops (the thread reads its entries side by
      // side, so a small one sent second may be answered before the first: this one is as large).
      const second = parser.parse(secJob(HUGE_TOO));
      const failures = Promise.all([
        expect(huge).rejects.toThrow(
          `companyfacts.zip: entry ${HUGE}: the parsing thread stopped (Terminating worker thread)`,
        ),
        // Failed too, by its own name.
        expect(second).rejects.toThrow(`companyfacts.zip: entry ${HUGE_TOO}: the parsing thread stopped`),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await parser.close();
      await failures;
      const after = await parser.parse(stooqJob());
      expect(after.prices).toHaveLength(2);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
