import { LANGUAGES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity, securityRow } from '../../test/securities.ts';
import {
  type DemoCompany,
  demoCompanies,
  demoCompanyStory,
  demoFeedInputs,
  demoFeedName,
  renderDemoFeed,
} from './demo-feeds.ts';
import { DEMO_TEXTS, type DemoTexts } from './demo-texts.ts';
import { parseFeed } from './parse-feed.ts';

const companies: DemoCompany[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  ticker: `ZQ${String.fromCharCode(65 + i)}`,
  name: `Demo Company ${i + 1}`,
}));
const publicUrl = 'http://localhost:3000';

describe('demo feeds', () => {
  // Many days, so every hash value (also those at or above 2^31) picks a template.
  const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 5, 12)));

  it.each(demoFeedInputs(publicUrl, companies).map((input) => demoFeedName(input.url) as string))(
    'renders %s as a feed our own parser reads, on any day',
    (name) => {
      for (const now of days) {
        const document = renderDemoFeed(name, companies, publicUrl, now);
        expect(document).not.toBeNull();
        const feed = parseFeed(document?.body ?? '');
        expect(feed.items.length).toBeGreaterThan(0);
        for (const item of feed.items) expect(item.title).not.toMatch(/undefined|\{name\}|\{ticker\}|\{pct\}/);
      }
    },
  );

  it('has home news and analysis of its own in each of the 20 languages (issue 23)', () => {
    const english = new Set(Object.values(DEMO_TEXTS.en ?? {}).flat());
    for (const language of LANGUAGES) {
      const texts = DEMO_TEXTS[language];
      expect(texts, language).toBeDefined();
      if (!texts || language === 'en') continue;
      const own = [texts.homeTitle, texts.analysisTitle, ...texts.company, ...texts.market, ...texts.analysis];
      expect(
        own.filter((text) => english.has(text)),
        language,
      ).toEqual([]);
      // The same count in the same order of stories: an English item is told as the same story elsewhere.
      expect(texts.company.length, language).toBe(DEMO_TEXTS.en?.company.length);
    }
    const inputs = demoFeedInputs(publicUrl, companies).map((input) => `${input.kind}-${input.locale}`);
    for (const language of LANGUAGES)
      expect(inputs).toEqual(expect.arrayContaining([`home-${language}`, `analysis-${language}`]));
  });

  it('links each item to the page of what it is about, each link its own (issue 46)', () => {
    for (const name of ['home-en', 'analysis-de', 'company-zqc']) {
      const feed = parseFeed(renderDemoFeed(name, companies, publicUrl, days[3] as Date)?.body ?? '');
      const links = feed.items.map((item) => item.link ?? '');
      expect(new Set(links).size, name).toBe(links.length);
      for (const link of links)
        expect(link, name).toMatch(/^http:\/\/localhost:3000\/(stocks\/ZQ[A-G]\/news|markets)#/);
    }
    const company = parseFeed(renderDemoFeed('company-zqc', companies, publicUrl, days[3] as Date)?.body ?? '');
    expect(company.items.every((item) => item.link?.startsWith(`${publicUrl}/stocks/ZQC/news#`))).toBe(true);
  });

  it('writes the figures in headlines with the decimal separator of the language', () => {
    const figures = (language: string) =>
      days
        .flatMap((now) =>
          parseFeed(renderDemoFeed(`home-${language}`, companies, publicUrl, now)?.body ?? '').items.map(
            (i) => i.title,
          ),
        )
        .join(' ')
        .match(/\d+[.,]\d/g) ?? [];
    expect(figures('de').length).toBeGreaterThan(0);
    expect(figures('de').every((figure) => figure.includes(','))).toBe(true);
    expect(figures('en').every((figure) => figure.includes('.'))).toBe(true);
  });

  it('tells a stored company item again from its guid: the same story in English, in another language its words', () => {
    const company = companies[2] as DemoCompany;
    const german = DEMO_TEXTS.de as DemoTexts;
    for (const now of days) {
      for (const item of parseFeed(renderDemoFeed('company-zqc', companies, publicUrl, now)?.body ?? '').items) {
        expect(demoCompanyStory(item.guid, company, 'en')).toEqual({ title: item.title, summary: item.summary });
        const story = demoCompanyStory(item.guid, company, 'de');
        expect(story?.summary).toBe(german.companySummary.replace('{name}', company.name).replace('{ticker}', 'ZQC'));
        expect(
          german.company.some((template) => story?.title.startsWith(template.split('{')[0] ?? '')),
          story?.title,
        ).toBe(true);
        expect(story?.title).not.toBe(item.title);
      }
    }
    const guid = 'urn:ledgerlight:demo:company-zqc:2026-01-01-0';
    expect(demoCompanyStory(guid, companies[0] as DemoCompany, 'de')).toBeNull();
    expect(demoCompanyStory('urn:ledgerlight:demo:home-de:2026-01-01-0', company, 'de')).toBeNull();
    expect(demoCompanyStory(guid, company, 'xx')).toBeNull();
  });

  it('knows no feed by an unknown name', () => {
    expect(renderDemoFeed('home-xx', companies, publicUrl, days[0] as Date)).toBeNull();
    expect(renderDemoFeed('company-nope', companies, publicUrl, days[0] as Date)).toBeNull();
  });
});

describe.each(testDatabases())('the demo companies with feeds on $engine', (target) => {
  it('are the hand-made companies first, then generated ones by ticker, 50 in all', async () => {
    const database = await migratedDatabase(target);
    try {
      const generated = Array.from({ length: 60 }, (_, i) => `A${String.fromCharCode(65 + (i % 26))}${i}`);
      // Out of ticker order: the order given is kept.
      const handMade = ['ZFAB', 'SOLQ', 'PHQV'];
      await database.db
        .insertInto('securities')
        .values(
          [...generated, ...handMade, 'BTCQ'].map((ticker) =>
            securityRow({ ticker, name: `${ticker} Inc.`, is_demo: 1, kind: ticker === 'BTCQ' ? 'crypto' : 'stock' }),
          ),
        )
        .execute();
      await insertSecurity(database.db, { ticker: 'AAPL', name: 'Not a demo' });
      const tickers = (await demoCompanies(database.db, handMade)).map((c) => c.ticker);
      expect(tickers).toEqual([...handMade, ...[...generated].sort().slice(0, 50 - handMade.length)]);
      expect(tickers).toContain('SOLQ');
    } finally {
      await database.close();
    }
  });
});
