import { companyProfile, errorBody, LANGUAGES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, loadSecurities } from '../../../test/market-factory.ts';
import { coinTextsComplete } from '../../ingest/demo/coin-texts.ts';
import { demoSource } from '../../ingest/demo/source.ts';
import { runIngest } from '../../ingest/loader.ts';

describe('demo coin "About" texts (issue 23)', () => {
  it('has a sentence for every kind of coin in every language, with the name and the year', () => {
    expect(coinTextsComplete()).toEqual([]);
  });
});

describe.each(testDatabases())('the profile in the reader’s language on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await runIngest({ db: t.database.db, source: demoSource({ endDay: '2024-06-28' }), tickers: ['QBTZ'] });
    // A coin that is not demo data keeps the description its source gave.
    await loadSecurities(t.database.db, [
      {
        ticker: 'REAL',
        kind: 'crypto',
        profile: { description: 'A real coin, as its source describes it.' },
        prices: calendarBars('2024-01-01', '2024-06-28', () => 1),
      },
    ]);
    await t.database.db.updateTable('securities').set({ is_demo: 0 }).where('ticker', '=', 'REAL').execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const about = async (query: string) => {
    const response = await t.app.inject({ url: `/api/data/company?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return companyProfile.parse(response.json()).description;
  };

  it('writes a demo coin’s description in the language asked for, English without one', async () => {
    expect(await about('ticker=QBTZ&lang=de')).toBe('Quibitz, die erste erfundene Münze der Demo, startete 2010.');
    expect(await about('ticker=QBTZ&lang=el')).toContain('Το Quibitz');
    expect(await about('ticker=QBTZ')).toBe('Quibitz, the first invented coin of the demo, started in 2010.');
    const texts = await Promise.all(LANGUAGES.map((language) => about(`ticker=QBTZ&lang=${language}`)));
    expect(new Set(texts).size).toBe(LANGUAGES.length);
    expect(await about('ticker=REAL&lang=de')).toBe('A real coin, as its source describes it.');
  });

  it('refuses a language it does not have, naming the field', async () => {
    const response = await t.app.inject({ url: '/api/data/company?ticker=QBTZ&lang=xx' });
    expect(response.statusCode).toBe(400);
    expect(errorBody.parse(response.json()).error.message).toContain('lang');
  });
});
