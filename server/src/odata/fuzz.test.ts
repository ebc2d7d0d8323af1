import { errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { indicatorColumns } from '../derived/screener-rows.ts';
import { ODataError } from './errors.ts';
import { fuzzInput, optionSpelling, randomOrderBy, seededRandom, withOuterWhitespace } from './fuzz.ts';
import { planODataQuery } from './query.ts';

// A fixed seed keeps runs repeatable; FUZZ_SEED explores others (a failure prints the input to replay).
const seed = Number(process.env.FUZZ_SEED ?? 20260102);

describe('OData fuzz: parser and compiler', () => {
  it('turns 20,000 random and mutated expressions into SQL or an ODataError, never anything else', () => {
    const random = seededRandom(seed);
    let accepted = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const filter = fuzzInput(random);
      const orderby = randomOrderBy(random);
      for (const engine of ['sqlite', 'postgres'] as const) {
        try {
          planODataQuery({ filter, orderby }, indicatorColumns, engine, 'ticker');
          accepted += 1;
        } catch (error) {
          if (!(error instanceof ODataError))
            throw new Error(`seed ${seed}, $filter=${filter} $orderby=${orderby}: ${error}`);
          expect(error.position).toBeGreaterThanOrEqual(0);
        }
      }
    }
    // The generator must exercise both paths, or this test proves nothing.
    expect(accepted).toBeGreaterThan(2_000);
    expect(accepted).toBeLessThan(38_000);
  });
});

describe.each(testDatabases())('OData fuzz through the API on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    await insertIndicator(db, {
      ticker: 'ACME',
      name: "O'Brien & Co",
      sector: 'Technology',
      pe: 12,
      market_cap: 5e10,
      dividend_growth_years: 4,
    });
    await insertIndicator(db, {
      ticker: 'ZERO',
      name: '%_\\',
      pe: 0,
      market_cap: 0,
      dividend_growth_years: 0,
      price: 0,
      is_green_energy: 1,
    });
    await insertIndicator(db, {
      ticker: 'NEG',
      name: 'Négatif 漢字',
      pe: -3.5,
      market_cap: 1e15,
      roe: -2,
      as_of: '2000-02-29',
    });
    await insertIndicator(db, { ticker: 'NIL', name: 'Nulls', kind: 'crypto', as_of: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 2,500 random and mutated queries with a 200 or a 400 in the error shape, never a 500', async () => {
    const random = seededRandom(seed + (target.engine === 'postgres' ? 1 : 0));
    const statuses = new Map<number, number>();
    for (let n = 0; n < 2_500; n += 1) {
      const query: Record<string, string> = {
        [optionSpelling(random, '$filter')]: withOuterWhitespace(random, fuzzInput(random)),
      };
      if (random() < 0.5)
        query[optionSpelling(random, '$orderby')] = withOuterWhitespace(random, randomOrderBy(random));
      if (random() < 0.2) query[optionSpelling(random, '$select')] = 'ticker,pe,isGreenEnergy,asOf';
      if (random() < 0.2) query[optionSpelling(random, '$count')] = 'true';
      if (random() < 0.05) query[optionSpelling(random, '$filter')] = 'pe gt 1';
      const response = await t.app.inject({ url: '/api/data/indicator/odata', query });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode !== 200) {
        expect(response.statusCode, `seed ${seed}: ${JSON.stringify(query)} -> ${response.body}`).toBe(400);
        expect(errorBody.parse(response.json()).error.code).toBe('validation_error');
      }
    }
    expect(statuses.get(200)).toBeGreaterThan(200);
    expect(statuses.get(400)).toBeGreaterThan(200);
  });
});
