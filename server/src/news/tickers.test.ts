import { describe, expect, it } from 'vitest';
import { discoverFeedUrl } from './discover.ts';
import { mentionMatcher } from './tickers.ts';

const mentions = mentionMatcher([
  { ticker: 'NWE', name: 'Northwind Energy Inc.' },
  { ticker: 'ACME', name: 'Acme Corp' },
  { ticker: 'CEO', name: 'Ceo Holdings' },
  { ticker: 'BRK.B', name: 'Berkshire' },
]);

describe('mentionMatcher', () => {
  it.each([
    ['Cashtag $ACME jumps', ['ACME']],
    ['Shares of Northwind (NWE) rose', ['NWE']],
    ['NYSE: BRK.B hits a record', ['BRK.B']],
    ['NWE and ACME report', ['ACME', 'NWE']],
    ['northwind energy expands', ['NWE']],
    ['The CEO resigned', []],
    ['acme is a word here but ACMEX is not a ticker', ['ACME']],
    ['Nothing to see', []],
    ['Northwind Energy’s results', ['NWE']],
    ['Northwind energies', []],
  ])('%s', (text, expected) => {
    expect(mentions(text)).toEqual(expected);
  });

  it('matches names word by word among thousands of companies, punctuation and case aside', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({ ticker: `T${i}`, name: `Company Number ${i} Inc.` }));
    const matcher = mentionMatcher([
      ...many,
      { ticker: 'KO', name: 'The Coca-Cola Company' },
      { ticker: 'JNJ', name: 'Johnson & Johnson' },
      { ticker: 'SHELL', name: 'Shell plc' },
    ]);
    expect(matcher('company number 2999 and the coca cola company meet')).toEqual(['KO', 'T2999']);
    expect(matcher('Johnson & Johnson beats; Shell slips')).toEqual(['JNJ', 'SHELL']);
    expect(matcher('Company Number 12 of 3000')).toEqual(['T12']);
    expect(matcher('Johnson alone, Company Number')).toEqual([]);
  });
});

describe('discoverFeedUrl', () => {
  it('finds the announced feed and resolves it against the page', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/a.css"><link rel="alternate" type="application/rss+xml" href="/news/rss"></head></html>';
    expect(discoverFeedUrl(html, 'https://ir.example.com/investors')).toBe('https://ir.example.com/news/rss');
  });

  it('ignores pages without a feed and unsafe hrefs', () => {
    expect(discoverFeedUrl('<html><body>hi</body></html>', 'https://x.example/')).toBeNull();
    expect(
      discoverFeedUrl('<link rel="alternate" type="application/atom+xml" href="javascript:x">', 'https://x.example/'),
    ).toBeNull();
  });
});
