import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeXml, FeedParseError, MAX_ITEMS_PER_FEED, parseDate, parseFeed } from './parse-feed.ts';

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__');
const files = (dir: string) => fs.readdirSync(path.join(golden, dir)).filter((f) => f.endsWith('.xml'));
const read = (dir: string, file: string) => fs.readFileSync(path.join(golden, dir, file), 'utf8');

// Each ok/<name>.xml is parsed against the feed URL below and must equal ok/<name>.json exactly.
describe('parseFeed on golden feeds (ok)', () => {
  it.each(files('ok'))('%s', (file) => {
    const expected: unknown = JSON.parse(read('ok', file.replace(/\.xml$/, '.json')));
    expect(parseFeed(read('ok', file), 'https://feed.example/base.xml')).toEqual(expected);
  });

  it('covers all three formats', () => {
    const formats = files('ok').map((f) => parseFeed(read('ok', f)).format);
    expect(new Set(formats)).toEqual(new Set(['rss2', 'atom', 'rdf']));
  });
});

describe('parseFeed on broken and hostile feeds (not-ok)', () => {
  it.each(files('not-ok'))('%s is refused', (file) => {
    expect(() => parseFeed(read('not-ok', file))).toThrow(FeedParseError);
  });

  it('refuses entity declarations before anything could expand them', () => {
    expect(() => parseFeed(read('not-ok', 'billion-laughs.xml'))).toThrow(/DOCTYPE/);
    expect(() => parseFeed(read('not-ok', 'doctype-xxe.xml'))).toThrow(/DOCTYPE/);
  });
});

describe('parseFeed details', () => {
  it('keeps at most MAX_ITEMS_PER_FEED items', () => {
    const items = Array.from({ length: 250 }, (_, i) => `<item><title>n${i}</title><guid>g${i}</guid></item>`).join('');
    const feed = parseFeed(`<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`);
    expect(feed.items).toHaveLength(MAX_ITEMS_PER_FEED);
  });

  // Titles are read as HTML text (feeds often escape twice), but an unknown entity is never expanded.
  it('leaves unknown named entities as they are', () => {
    const feed = parseFeed(
      '<rss version="2.0"><channel><item><title>a &foo; b &amp;amp; c</title></item></channel></rss>',
    );
    expect(feed.items[0]?.title).toBe('a &foo; b & c');
  });
});

describe('parseDate', () => {
  it('reads RFC 822 and ISO 8601 dates as UTC', () => {
    expect(parseDate('Mon, 03 Nov 2025 14:00:00 +0100')).toBe('2025-11-03T13:00:00.000Z');
    expect(parseDate('2025-11-04T07:45:00+01:00')).toBe('2025-11-04T06:45:00.000Z');
  });

  it('gives null for nonsense', () => {
    expect(parseDate('yesterday-ish')).toBeNull();
    expect(parseDate(null)).toBeNull();
  });
});

describe('decodeXml', () => {
  it('decodes the predefined entities and character references only', () => {
    expect(decodeXml('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&nbsp;')).toBe('<>&"\'AB&nbsp;');
  });
});
