import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { compiledRecords, fastRowsDatabase, rowBuilder } from './sqlite-rows.ts';

/* Raw reads made objects must be exactly what better-sqlite3's own row objects are. */
describe('rows read raw and built by column list', () => {
  function pair() {
    const sqlite = new SQLite(':memory:');
    sqlite.exec(`create table t (id integer primary key, name text, price real, note text);
      insert into t values (1, 'a', 1.5, null), (2, 'b', -2.25, 'x'), (3, '', 0, '');`);
    return { sqlite, fast: fastRowsDatabase(sqlite) };
  }

  it('match better-sqlite3 row objects, including a repeated column name (the last one wins)', () => {
    const { sqlite, fast } = pair();
    for (const query of [
      'select * from t order by id',
      'select id, name as label, price * 2 as doubled from t where id > ?',
      'select 1 as a, 2 as a, id from t where id = ?',
      'select * from t where id > 99',
    ]) {
      const parameters = query.includes('?') ? [1] : [];
      expect(fast.prepare(query).all(parameters)).toEqual(sqlite.prepare(query).all(parameters));
    }
  });

  it('name the columns again when a kept `select *` meets a table that changed shape', () => {
    const { sqlite, fast } = pair();
    expect(fast.prepare('select * from t where id = ?').all([1])).toEqual([
      { id: 1, name: 'a', price: 1.5, note: null },
    ]);
    sqlite.exec(`alter table t add column extra text default 'new'`);
    expect(fast.prepare('select * from t where id = ?').all([1])).toEqual([
      { id: 1, name: 'a', price: 1.5, note: null, extra: 'new' },
    ]);
  });

  it('run writes and stream reads', () => {
    const { fast } = pair();
    const insert = fast.prepare('insert into t (id, name) values (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run([4, 'd'])).toMatchObject({ changes: 1 });
    const streamed = [...fast.prepare('select id from t order by id').iterate([])];
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
  });

  it('keep a bounded number of compiled row makers, each list still built right', () => {
    // The screener's $select chooses the columns: every subset is a list of its own.
    for (let i = 0; i < 1500; i++) {
      const names = [`c${i}`, 'ticker'];
      expect(rowBuilder(names)([i, 'T'])).toEqual({ [`c${i}`]: i, ticker: 'T' });
    }
    expect(compiledRecords()).toBeLessThanOrEqual(1000);
    expect(rowBuilder(['c0', 'ticker'])([7, 'U'])).toEqual({ c0: 7, ticker: 'U' });
  });
});
