import { marketIndices } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

const tech = { sector: 'Technology' };
const energy = { sector: 'Energy' };
const FROM = '2023-01-02';
const TO = '2024-03-08'; // a Friday

describe.each(testDatabases())('market indices on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      // Doubles on 2023-06-01, then +10 % on the last day: a cheap stock weighs as much as a dear one.
      {
        ticker: 'TUP',
        profile: tech,
        prices: weekdayBars(FROM, TO, (day) => (day === TO ? 22 : day >= '2023-06-01' ? 20 : 10)),
      },
      { ticker: 'TFLAT', profile: tech, prices: weekdayBars(FROM, TO, () => 1000) },
      // Falls by a half over the last month.
      { ticker: 'EDOWN', profile: energy, prices: weekdayBars(FROM, TO, (day) => (day > '2024-02-08' ? 50 : 100)) },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('chains the mean daily change of every stock and of each sector, with day, month and year changes', async () => {
    const response = await t.app.inject({ url: '/api/data/market/indices' });
    expect(response.statusCode, response.body).toBe(200);
    const body = marketIndices.parse(response.json());
    expect(body.asOf).toBe(TO);
    expect(body.weighting).toBe('equal');
    // From a week before the year: the year change's base is the last trading day on or before 2023-03-08.
    expect(body.days[0]).toBe('2023-03-01');
    expect(body.days.at(-1)).toBe(TO);
    expect(body.universe.companies).toBe(3);
    expect(body.universe.values[0]).toBe(100);
    expect(body.universe.values).toHaveLength(body.days.length);
    // Last day: (+10 % + 0 % + 0 %) / 3.
    expect(body.universe.dayPct).toBeCloseTo(10 / 3);

    const [technology, energySector] = body.sectors;
    expect(technology).toMatchObject({ sector: 'Technology', companies: 2 });
    // A year: TUP doubled (+100 %, then +10 %), TFLAT flat: (1 + 1/2) x (1 + 10 %/2) - 1.
    expect(technology?.yearPct).toBeCloseTo((1.5 * 1.05 - 1) * 100);
    expect(technology?.monthPct).toBeCloseTo(5);
    expect(technology?.gainers.map((m) => m.ticker)).toEqual(['TUP']);
    expect(technology?.losers).toEqual([]);
    expect(energySector).toMatchObject({ sector: 'Energy', companies: 1, dayPct: 0 });
    expect(energySector?.monthPct).toBeCloseTo(-50);
    expect(energySector?.values.at(-1)).toBeCloseTo(50);
  });
});
