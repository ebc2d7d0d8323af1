import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { feedsCommand } from './cli.ts';

describe.each(testDatabases())('feeds command on $engine', (target) => {
  let database: Database;
  let out: string[];
  let err: string[];
  const io = { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) };
  beforeEach(async () => {
    database = await migratedDatabase(target);
    out = [];
    err = [];
  });
  afterEach(async () => database.close());

  it('adds, lists and removes a feed', async () => {
    expect(
      await feedsCommand(database.db, ['add', 'https://feeds.example/de.xml', '--kind', 'home', '--locale', 'de'], io),
    ).toBe(0);
    expect(await feedsCommand(database.db, ['list'], io)).toBe(0);
    expect(out.at(-1)).toBe('home\tde\t-\tcli\thttps://feeds.example/de.xml\tnot fetched yet');
    expect(await feedsCommand(database.db, ['remove', 'https://feeds.example/de.xml'], io)).toBe(0);
    expect(await feedsCommand(database.db, ['remove', 'https://feeds.example/de.xml'], io)).toBe(1);
  });

  it('refuses bad input with a reason', async () => {
    expect(await feedsCommand(database.db, ['add', 'file:///etc/passwd', '--kind', 'home'], io)).toBe(1);
    expect(err.at(-1)).toMatch(/only http and https/);
    expect(await feedsCommand(database.db, ['add', 'https://x.example/', '--kind', 'company'], io)).toBe(2);
    expect(
      await feedsCommand(database.db, ['add', 'https://x.example/', '--kind', 'company', '--ticker', 'NOPE'], io),
    ).toBe(1);
    expect(err.at(-1)).toMatch(/unknown ticker/);
    expect(await feedsCommand(database.db, ['add', 'https://x.example/', '--kind', 'home', '--locale', 'xx'], io)).toBe(
      2,
    );
    expect(await feedsCommand(database.db, ['frobnicate'], io)).toBe(2);
  });
});
