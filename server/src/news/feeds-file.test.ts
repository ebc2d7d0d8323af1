import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { FeedsFileError, loadFeedsFile } from './feeds-file.ts';
import { type Log, syncRegistry } from './refresher.ts';
import { listFeeds } from './registry.ts';

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDatabases())('feeds file on $engine', (target) => {
  let database: Database;
  let dir: string;
  const write = (content: unknown) => {
    const file = path.join(dir, 'feeds.json');
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  beforeEach(async () => {
    database = await migratedDatabase(target);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feeds-'));
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('registers the listed feeds and removes the ones taken out of the file', async () => {
    const settings = {
      intervalSeconds: 600,
      publicUrl: 'http://localhost:3000',
      demo: false,
      demoTickersFirst: [],
      fetch: { allowLoopback: false, timeoutMs: 1000, maxBytes: 100_000 },
      reader: { parseTimeoutMs: 10_000, memoryMb: 128 },
    };
    const file = write({
      feeds: [
        { url: 'https://a.example/rss', kind: 'home', locale: 'de' },
        { url: 'https://b.example/atom', kind: 'analysis' },
      ],
    });
    await syncRegistry({ db: database.db, log: silent, settings: { ...settings, feedsFile: file } });
    expect((await listFeeds(database.db)).map((f) => [f.url, f.kind, f.locale, f.origin])).toEqual([
      ['https://b.example/atom', 'analysis', 'en', 'file'],
      ['https://a.example/rss', 'home', 'de', 'file'],
    ]);
    write({ feeds: [{ url: 'https://b.example/atom', kind: 'analysis' }] });
    await syncRegistry({ db: database.db, log: silent, settings: { ...settings, feedsFile: file } });
    expect((await listFeeds(database.db)).map((f) => f.url)).toEqual(['https://b.example/atom']);
  });

  it.each([
    ['{not json', /JSON|Expected/],
    [{ feeds: [{ url: 'ftp://x.example/', kind: 'home' }] }, /feeds\.0\.url/],
    [{ feeds: [{ url: 'https://x.example/', kind: 'company' }] }, /ticker/],
    [{ feeds: [{ url: 'https://x.example/', kind: 'home', locale: 'xx' }] }, /locale/],
  ])('refuses a bad file with the reason (%#)', async (content, reason) => {
    const error = await loadFeedsFile(database.db, write(content)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedsFileError);
    expect((error as Error).message).toMatch(reason);
  });

  it('reports company feeds whose ticker is unknown', async () => {
    const result = await loadFeedsFile(
      database.db,
      write({ feeds: [{ url: 'https://x.example/', kind: 'company', ticker: 'ZZZ' }] }),
    );
    expect(result).toEqual({ inputs: [], unknownTickers: ['ZZZ'] });
  });
});
