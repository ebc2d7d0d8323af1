import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './index.ts';
import { createReadPool, NotARead, type ReadPool } from './sqlite-read-pool.ts';

/*
 * Reader threads (sqlite-read-pool.ts, sqlite-dialect.ts) against the main connection on the same file:
 * same rows for every kind of value, a write seen by the next read, a transaction's rows visible to it
 * and to nobody else until commit, reads that really overlap, errors that keep their SQLite code.
 */
// biome-ignore lint/suspicious/noExplicitAny: tables made up for this test, not in the product schema
type AnyDb = Kysely<any>;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerlight-readers-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let opened: Database[] = [];
let pools: ReadPool[] = [];
afterEach(async () => {
  await Promise.all([...opened.map((d) => d.close()), ...pools.map((p) => p.close())]);
  opened = [];
  pools = [];
});

/** A pool on its own over the file of `open` (which writes), to see where each read runs. */
function poolOn(file: string, inlineBelowMs?: number): ReadPool {
  const pool = createReadPool({
    file: path.join(dir, file),
    threads: 1,
    mmapBytes: 0,
    ...(inlineBelowMs === undefined ? {} : { inlineBelowMs }),
  });
  pools.push(pool);
  return pool;
}

/** Counts to n in SQLite: as slow as n makes it. */
const COUNT_TO =
  'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as n from c';

function open(file: string, readThreads: number): { database: Database; db: AnyDb } {
  const database = openDatabase({ sqliteFile: path.join(dir, file), readThreads });
  opened.push(database);
  return { database, db: database.db as unknown as AnyDb };
}

async function createSamples(db: AnyDb): Promise<void> {
  await sql`create table samples (id integer primary key, n real, i integer, t text, b blob, mixed)`.execute(db);
  const rows = [
    { id: 1, n: 1.5, i: 10, t: 'plain', b: Buffer.from([1, 2, 3]), mixed: 1 },
    { id: 2, n: -0.1, i: 2 ** 40, t: '', b: null, mixed: 'two' },
    { id: 3, n: null, i: null, t: null, b: Buffer.alloc(0), mixed: null },
    { id: 4, n: 1e-300, i: -7, t: 'ünïcødé \u{1F600}', b: Buffer.from('x'), mixed: 4.25 },
  ];
  await db.insertInto('samples').values(rows).execute();
}

describe('SQLite reader threads', () => {
  it('give the same rows as the main connection, whatever the column holds', async () => {
    const { db: writer } = open('same.db', 0);
    await createSamples(writer);
    const { db: threaded } = open('same.db', 2);
    const queries = [
      (db: AnyDb) => db.selectFrom('samples').selectAll().orderBy('id').execute(),
      // Columns of one kind with and without nulls take the packed paths; these take each of them.
      (db: AnyDb) => db.selectFrom('samples').select(['id', 't']).where('t', 'is not', null).orderBy('id').execute(),
      (db: AnyDb) => db.selectFrom('samples').select(['n', 't']).orderBy('id').execute(),
      (db: AnyDb) => db.selectFrom('samples').select(['id', 'n']).where('n', 'is not', null).orderBy('id').execute(),
      (db: AnyDb) => db.selectFrom('samples').selectAll().where('id', '>', 99).execute(),
      (db: AnyDb) => sql`select count(*) as "count", sum(i) as total from samples`.execute(db).then((r) => r.rows),
    ];
    for (const query of queries) {
      const expected = await query(writer);
      expect(await query(threaded)).toEqual(expected);
    }
    const [first] = await threaded.selectFrom('samples').select('b').where('id', '=', 1).execute();
    expect(Buffer.isBuffer(first?.b)).toBe(true);
  });

  it('keep strings that contain the separators they pack with', async () => {
    const { db } = open('separators.db', 2);
    await sql`create table s (id integer primary key, t text)`.execute(db);
    const values = ['a\u0000b', '\u0001', 'c', '\u0001\u0001'];
    await db
      .insertInto('s')
      .values(values.map((t, i) => ({ id: i, t })))
      .execute();
    const rows = await db.selectFrom('s').select('t').orderBy('id').execute();
    expect(rows.map((r) => r.t)).toEqual(values);
  });

  it('name the columns again when a kept `select *` meets a table that changed shape', async () => {
    const { db } = open('shape.db', 0);
    await sql`create table s (id integer primary key, t text)`.execute(db);
    await db.insertInto('s').values({ id: 1, t: 'a' }).execute();
    const pool = poolOn('shape.db', 0); // never inline: the thread keeps the statement and its names
    const query = 'select * from s where id = ?';
    expect(await pool.read(query, [1])).toEqual([{ id: 1, t: 'a' }]);
    await sql`alter table s add column extra text default 'new'`.execute(db);
    expect(await pool.read(query, [1])).toEqual([{ id: 1, t: 'a', extra: 'new' }]);
  });
  it('see a write as soon as it returned, and a transaction only once it commits', async () => {
    const { db } = open('visibility.db', 2);
    await createSamples(db);
    await db.insertInto('samples').values({ id: 5, t: 'five' }).execute();
    expect(await db.selectFrom('samples').select('t').where('id', '=', 5).executeTakeFirst()).toEqual({ t: 'five' });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let insideSaw: unknown;
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('samples').values({ id: 6, t: 'six' }).execute();
      // The transaction's own read runs on its connection: it sees its uncommitted row.
      insideSaw = await trx.selectFrom('samples').select('t').where('id', '=', 6).executeTakeFirst();
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Outside it, a reader thread sees the last committed state: no row 6 yet.
    expect(await db.selectFrom('samples').select('t').where('id', '=', 6).executeTakeFirst()).toBeUndefined();
    release();
    await transaction;
    expect(insideSaw).toEqual({ t: 'six' });
    expect(await db.selectFrom('samples').select('t').where('id', '=', 6).executeTakeFirst()).toEqual({ t: 'six' });
  });

  it('run a raw statement that starts like a read but writes on the main connection', async () => {
    const { db } = open('raw-write.db', 2);
    await createSamples(db);
    await sql`with v(id, t) as (select 7, 'seven') insert into samples (id, t) select id, t from v`.execute(db);
    expect(await db.selectFrom('samples').select('t').where('id', '=', 7).executeTakeFirst()).toEqual({ t: 'seven' });
  });

  it('answer a short read while a long one is still running on the other thread', async () => {
    const { db } = open('overlap.db', 2);
    await createSamples(db);
    const finished: string[] = [];
    const slow =
      sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`
        .execute(db)
        .then(() => finished.push('slow'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fast = db
      .selectFrom('samples')
      .select('id')
      .execute()
      .then(() => finished.push('fast'));
    await Promise.all([slow, fast]);
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('reject a bad read with the SQLite error and its code, and keep serving', async () => {
    const { db } = open('errors.db', 2);
    await createSamples(db);
    await expect(sql`select nope from samples`.execute(db)).rejects.toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_ERROR',
      message: expect.stringContaining('no such column: nope'),
    });
    expect(await db.selectFrom('samples').select('id').orderBy('id').execute()).toHaveLength(4);
  });

  it('refuse reads once closed', async () => {
    const { database, db } = open('closed.db', 1);
    await createSamples(db);
    await database.close();
    opened = [];
    await expect(db.selectFrom('samples').selectAll().execute()).rejects.toThrow();
  });

  it('run a statement that has been fast on the main thread: the same rows, and a write seen at once', async () => {
    const { db } = open('inline.db', 0);
    await createSamples(db);
    // Any time counts as fast here, so a loaded machine cannot keep the statement on the thread.
    const pool = poolOn('inline.db', 1000);
    const query = 'select * from samples order by id';
    // Not timed yet: a thread runs it first.
    expect(pool.where(query)).toBe('thread');
    const threaded = await pool.read(query, []);
    expect(pool.where(query)).toBe('main');
    const inline = await pool.read(query, []);
    expect(inline).toEqual(threaded);
    expect(inline[0]?.b).toEqual(Buffer.from([1, 2, 3]));
    await db.insertInto('samples').values({ id: 9, t: 'nine' }).execute();
    expect((await pool.read(query, [])).at(-1)).toMatchObject({ id: 9, t: 'nine' });
  });

  it('keep a slow statement on the threads, and send a fast one back when it slows down', async () => {
    const { db } = open('timing.db', 0);
    await createSamples(db);
    const pool = poolOn('timing.db', 5);
    await pool.read(COUNT_TO, [1_000_000]);
    expect(pool.where(COUNT_TO)).toBe('thread');
    // The same statement, fast with other parameters, comes down under the line after some runs...
    for (let i = 0; i < 30 && pool.where(COUNT_TO) === 'thread'; i++) await pool.read(COUNT_TO, [10]);
    expect(pool.where(COUNT_TO)).toBe('main');
    // ...and one slow run inline takes its average back over it.
    expect(await pool.read(COUNT_TO, [1_000_000])).toEqual([{ n: 1_000_000 }]);
    expect(pool.where(COUNT_TO)).toBe('thread');
  });

  it('answer a fast statement on the main thread while the thread is busy with a long read', async () => {
    const { db } = open('busy-thread.db', 0);
    await createSamples(db);
    // Any time counts as fast here, so a loaded machine cannot keep the statement on the thread.
    const pool = poolOn('busy-thread.db', 1000);
    const fast = 'select id from samples where id = ?';
    await pool.read(fast, [1]);
    expect(pool.where(fast)).toBe('main');
    const finished: string[] = [];
    // Long enough (about a second) that a loaded machine cannot finish it before the fast read is answered.
    const slow = pool.read(COUNT_TO, [10_000_000]).then(() => finished.push('slow'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await pool.read(fast, [2])).toEqual([{ id: 2 }]);
    finished.push('fast');
    await slow;
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('answer a read as JSON text, the same from a thread and from the main thread', async () => {
    const { db } = open('json.db', 0);
    await sql`create table j (id integer primary key, t text, n real, f integer)`.execute(db);
    await db
      .insertInto('j')
      .values([
        { id: 1, t: 'a "q" \u{1F600}', n: 1.5, f: 1 },
        { id: 2, t: null, n: null, f: 0 },
        { id: 3, t: '', n: -0.1, f: null },
      ])
      .execute();
    const query = 'select id as "id", t as "text", n as "n", f as "flag" from j order by id';
    const options = { booleans: ['flag'], keep: 2 };
    const expected = JSON.stringify([
      { id: 1, text: 'a "q" \u{1F600}', n: 1.5, flag: true },
      { id: 2, text: null, n: null, flag: false },
    ]);
    // Any time counts as fast here: the second read runs on the main thread however loaded the machine is.
    const pool = poolOn('json.db', 1000);
    expect(pool.where(query)).toBe('thread');
    expect(await pool.readFormatted(query, [], 'rows', options)).toEqual({ value: expected, count: 3 });
    expect(pool.where(query)).toBe('main');
    expect(await pool.readFormatted(query, [], 'rows', options)).toEqual({ value: expected, count: 3 });
    // The rows of a plain read, made JSON the usual way, say the same.
    const rows = (await pool.read(query, [])).slice(0, 2).map((row) => ({ ...row, flag: row.flag === 1 }));
    expect(JSON.stringify(rows)).toBe(expected);
    await expect(poolOn('json.db', 0).readFormatted('select * from missing', [], 'rows', options)).rejects.toThrow(
      /no such table/,
    );
  });

  it('never run a write on the main thread, however fast', async () => {
    const { db } = open('inline-write.db', 0);
    await createSamples(db);
    const pool = poolOn('inline-write.db', Number.POSITIVE_INFINITY);
    const write = "with v(id, t) as (select 10, 'w') insert into samples (id, t) select id, t from v";
    // The thread refuses it (the dialect then runs it on the main connection), and it is never timed.
    for (let i = 0; i < 3; i++) await expect(pool.read(write, [])).rejects.toBeInstanceOf(NotARead);
    expect(pool.where(write)).toBe('thread');
    expect(await db.selectFrom('samples').select('id').where('t', '=', 'w').execute()).toEqual([]);
  });
});
