import { LANGUAGES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { type DemoCompany, demoFeedInputs, demoFeedName, renderDemoFeed } from './demo-feeds.ts';
import { DEMO_TEXTS } from './demo-texts.ts';
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
      expect(texts.company.length).toBeGreaterThanOrEqual(5);
    }
    const inputs = demoFeedInputs(publicUrl, companies).map((input) => `${input.kind}-${input.locale}`);
    for (const language of LANGUAGES)
      expect(inputs).toEqual(expect.arrayContaining([`home-${language}`, `analysis-${language}`]));
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

  it('knows no feed by an unknown name', () => {
    expect(renderDemoFeed('home-xx', companies, publicUrl, days[0] as Date)).toBeNull();
    expect(renderDemoFeed('company-nope', companies, publicUrl, days[0] as Date)).toBeNull();
  });
});
