import { describe, expect, it } from 'vitest';
import { formatObjects, jsonList } from './read-formats.ts';
import { rowsJson } from './rows-json.ts';

/* rowsJson must write exactly what JSON.stringify writes for the same rows made objects. */
describe('rowsJson', () => {
  const names = ['ticker', 'name', 'price', 'flag', 'asOf'];
  const rows: unknown[][] = [
    ['A"B', 'Quote "Co" \\ — Ünïcode \u{1F600} \u2028 \u0001 tab\t', 12.5, 1, '2026-01-02'],
    ['NUL', null, null, 0, null],
    ['ODD', '', -0, null, '2026-01-03'],
    ['BIG', 'x', 1e21, true, 'y'],
    ['TINY', 'y', 5e-324, false, 'z'],
    ['INF', 'z', Number.POSITIVE_INFINITY, 1, 'w'],
    ['THIRD', 'w', 0.1 + 0.2, 2, 'v'],
  ];
  const objects = (list: unknown[][]) =>
    list.map((row) => {
      const object: Record<string, unknown> = Object.fromEntries(names.map((name, c) => [name, row[c]]));
      object.flag = row[3] === 1 || row[3] === true;
      return object;
    });

  it('writes the rows as JSON.stringify writes them as objects, flags as booleans', () => {
    expect(rowsJson(rows, names, { booleans: ['flag'], keep: 100 })).toBe(JSON.stringify(objects(rows)));
    expect(JSON.parse(rowsJson(rows, names, { booleans: ['flag'], keep: 100 }))[5]).toMatchObject({
      price: null,
      flag: true,
    });
  });

  it('keeps only the first rows asked for, and writes an empty page as []', () => {
    expect(rowsJson(rows, names, { booleans: ['flag'], keep: 2 })).toBe(JSON.stringify(objects(rows.slice(0, 2))));
    expect(rowsJson(rows, names, { booleans: ['flag'], keep: 0 })).toBe('[]');
    expect(rowsJson([], names, { booleans: [], keep: 10 })).toBe('[]');
    expect(rowsJson([[], []], [], { booleans: [], keep: 10 })).toBe('[{},{}]');
  });

  it('leaves a column that is not a flag as it is, and refuses a value JSON has no form for', () => {
    expect(rowsJson([[1, 'a']], ['n', 's'], { booleans: [], keep: 1 })).toBe('[{"n":1,"s":"a"}]');
    expect(() => rowsJson([[Buffer.from('x')]], ['b'], { booleans: [], keep: 1 })).toThrow(/object in column b/);
  });

  it('writes null for a value a row lacks, refuses a column named __proto__, and keeps a bounded number of row makers', () => {
    expect(rowsJson([['a']], ['s', 'n'], { booleans: [], keep: 1 })).toBe('[{"s":"a","n":null}]');
    expect(() => rowsJson([[1]], ['__proto__'], { booleans: [], keep: 1 })).toThrow(/__proto__/);
    for (let i = 0; i < 1100; i++) rowsJson([[i]], [`c${i}`], { booleans: [], keep: 1 });
    const makers = (rowsJson as unknown as { makers: Map<string, unknown> }).makers;
    expect(makers.size).toBeLessThanOrEqual(1000);
    expect(rowsJson([[7]], ['c1099'], { booleans: [], keep: 1 })).toBe('[{"c1099":7}]');
  });

  it('gives the same value from rows read as objects (formatObjects) as from raw rows', () => {
    const objects = rows.map((row) => Object.fromEntries(names.map((name, c) => [name, row[c]])));
    expect(formatObjects(objects, 'rows', { booleans: ['flag'], keep: 5 })).toBe(
      rowsJson(rows, names, { booleans: ['flag'], keep: 5 }),
    );
    expect(formatObjects([], 'rows', { booleans: [], keep: 5 })).toBe('[]');
  });
});

/* The stored screener rows joined (indicators.row_json), unless one was written by code of another version. */
describe('jsonList', () => {
  const rows = [
    ['{"ticker":"A"}', 7],
    ['{"ticker":"B"}', 7],
    ['{"ticker":"C"}', 6],
  ];

  it('joins the texts of the rows kept when all are of the version asked for', () => {
    expect(jsonList(rows, ['row_json', 'row_version'], { keep: 2, version: 7 })).toBe(
      '[{"ticker":"A"},{"ticker":"B"}]',
    );
    expect(jsonList([], ['row_json', 'row_version'], { keep: 2, version: 7 })).toBe('[]');
  });

  it('gives null when a row kept is of another version, and ignores the rows past the page', () => {
    expect(jsonList(rows, ['row_json', 'row_version'], { keep: 3, version: 7 })).toBeNull();
    expect(jsonList(rows, ['row_json', 'row_version'], { keep: 2, version: 6 })).toBeNull();
    expect(jsonList([['{}']], ['row_json'], { keep: 1, version: 7 })).toBeNull();
  });
});
