import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../db/schema.ts';
import { indicatorColumns } from '../derived/screener-rows.ts';
import { ODataError } from './errors.ts';
import { parseFilter, parseOrderBy } from './parser.ts';
import { parseSelect, planODataQuery } from './query.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const samples = (file: string) =>
  fs
    .readFileSync(path.join(here, 'samples', file), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));

function plan(filter: string, engine: 'sqlite' | 'postgres' = 'sqlite') {
  return planODataQuery({ filter }, indicatorColumns, engine, 'ticker');
}

function failure(run: () => unknown): ODataError {
  try {
    run();
  } catch (error) {
    if (error instanceof ODataError) return error;
    throw error;
  }
  throw new Error('expected an ODataError');
}

describe('OData $filter golden samples', () => {
  it.each(samples('ok.txt'))('accepts %s', (filter) => {
    expect(() => plan(filter, 'sqlite')).not.toThrow();
    expect(() => plan(filter, 'postgres')).not.toThrow();
  });

  it.each(samples('not-ok.txt').map((line) => line.split('\t') as [string, string]))(
    'rejects at position %s: %s',
    (position, filter) => {
      const error = failure(() => plan(filter));
      expect(error.option).toBe('$filter');
      expect(error.position).toBe(Number(position));
      expect(error.expected.length).toBeGreaterThan(0);
    },
  );
});

describe('OData parser', () => {
  it('follows the OData precedence: mul before add before comparison before and before or', () => {
    const tree = parseFilter('a add b mul c gt d or e and f');
    expect(tree).toMatchObject({
      kind: 'binary',
      operator: 'or',
      left: { operator: 'gt', left: { operator: 'add', right: { operator: 'mul' } } },
      right: { operator: 'and' },
    });
  });

  it('reads string literals with doubled quotes and keeps numbers and dates typed', () => {
    expect(parseFilter("name eq 'it''s'")).toMatchObject({ right: { type: 'string', value: "it's" } });
    expect(parseFilter('pe eq -1.5e2')).toMatchObject({ right: { type: 'number', value: -150 } });
    expect(parseFilter('asOf eq 2024-02-29')).toMatchObject({ right: { type: 'date', value: '2024-02-29' } });
  });

  it('parses $orderby keys with directions', () => {
    const items = parseOrderBy('pe desc,name, length(ticker) asc');
    expect(items.map((item) => item.direction)).toEqual(['desc', 'asc', 'asc']);
    expect(items[2]?.expression).toMatchObject({ kind: 'call', name: 'length' });
    expect(failure(() => parseOrderBy('pe desc desc'))).toMatchObject({ option: '$orderby', position: 8 });
  });

  it('parses $select, with * and without duplicates, naming a bad item by position', () => {
    expect(parseSelect('ticker,pe,ticker', indicatorColumns)).toEqual(['ticker', 'pe']);
    expect(parseSelect('*', indicatorColumns)).toHaveLength(Object.keys(indicatorColumns).length);
    expect(failure(() => parseSelect('ticker, nope', indicatorColumns))).toMatchObject({
      option: '$select',
      position: 8,
    });
  });

  it('bounds nesting and length instead of overflowing the stack', () => {
    expect(failure(() => parseFilter(`${'('.repeat(100)}pe gt 1${')'.repeat(100)}`)).expected).toContain('nested');
    expect(failure(() => parseFilter(`${'not '.repeat(100)}isGreenEnergy`)).expected).toContain('nested');
    expect(failure(() => parseFilter(Array(700).fill('pe gt 1').join(' and '))).expected).toContain('tokens');
  });

  it('binds every literal as a parameter: the SQL text never contains the input', () => {
    const compiled = plan("name eq 'Robert''); drop table indicators;--' and pe gt 12345.678");
    const { sql: text, parameters } = compiled.where.compile(offline);
    expect(text).not.toContain('drop');
    expect(text).not.toContain('12345');
    expect(parameters).toEqual(["Robert'); drop table indicators;--", 12345.678]);
  });
});

// Conformance with the OData 4.01 ABNF (../shared/fixtures, absent in a fresh clone): every operator and
// method the grammar defines is either understood or refused as "not supported", never misread.
const abnfFile = path.resolve(here, '../../../../shared/fixtures/odata/odata-abnf-construction-rules.txt');
describe.skipIf(!fs.existsSync(abnfFile))('OData ABNF conformance', () => {
  const abnf = fs.existsSync(abnfFile) ? fs.readFileSync(abnfFile, 'utf8') : '';

  it('knows every binary operator of commonExpr', () => {
    const operators = [...abnf.matchAll(/^\w+Expr\s*=\s*RWS "(\w+)"\s+RWS/gm)].map((m) => m[1] as string);
    expect(operators).toEqual(expect.arrayContaining(['eq', 'and', 'or', 'add', 'divby', 'mod', 'in', 'has']));
    for (const operator of operators) {
      if (operator === 'has') {
        // has needs enum types, which the screener table does not have.
        expect(failure(() => parseFilter('pe has 1')).position).toBe(3);
        continue;
      }
      const filter =
        operator === 'in'
          ? 'pe in (1)'
          : ['and', 'or'].includes(operator)
            ? `true ${operator} false`
            : `pe ${operator} 1`;
      expect(() => parseFilter(filter), operator).not.toThrow();
    }
  });

  it('supports or explicitly refuses every method call', () => {
    const methods = [...abnf.matchAll(/^\w+MethodCallExpr\s*=\s*"([\w.]+)"/gm)].map((m) => m[1] as string);
    expect(methods).toEqual(expect.arrayContaining(['contains', 'tolower', 'length', 'substring']));
    const supported = ['contains', 'startswith', 'endswith', 'tolower', 'toupper', 'length'];
    for (const method of methods) {
      if (method.includes('.')) continue; // geo.* never lexes as one name: refused as a qualified name
      const parsed = () => parseFilter(`${method}(name, name) eq 1`);
      if (supported.includes(method))
        expect(() =>
          parseFilter(`${method}(name${method.endsWith('with') || method === 'contains' ? ", 'x'" : ''})`),
        ).not.toThrow();
      else expect(failure(parsed).expected, method).toContain('a supported function');
    }
  });
});

// Compiles queries to SQLite text without a database, to inspect what the SQL would be.
const offline = new Kysely<Schema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
