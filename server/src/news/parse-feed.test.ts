import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeFeed } from './decode-feed.ts';
import { decodeXml, FeedParseError, MAX_ITEMS_PER_FEED, parseDate, parseFeed } from './parse-feed.ts';

const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__');
const files = (dir: string) => fs.readdirSync(path.join(golden, dir)).filter((f) => f.endsWith('.xml'));
/** A golden feed's bytes read as the fetcher reads a feed served without a charset. */
const read = (dir: string, file: string) => decodeFeed(fs.readFileSync(path.join(golden, dir, file)));

// Each ok/<name>.xml (its bytes, in its own encoding) is parsed against the feed URL below and must equal
// ok/<name>.json exactly.
describe('parseFeed on golden feeds (ok)', () => {
  it.each(files('ok'))('%s', (file) => {
    const expected: unknown = JSON.parse(
      fs.readFileSync(path.join(golden, 'ok', file.replace(/\.xml$/, '.json')), 'utf8'),
    );
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

  it('refuses entity declarations before anything could expand them, and says so', () => {
    expect(() => parseFeed(read('not-ok', 'billion-laughs.xml'))).toThrow(/DOCTYPE with entity declarations/);
    expect(() => parseFeed(read('not-ok', 'doctype-xxe.xml'))).toThrow(/DOCTYPE with entity declarations/);
    expect(() => parseFeed(read('not-ok', 'doctype-parameter-entity.xml'))).toThrow(/entity declarations/);
    expect(() => parseFeed(read('not-ok', 'entity-in-lowercase-doctype.xml'))).toThrow(/entity declarations/);
    expect(() => parseFeed(read('not-ok', 'entity-declaration-in-body.xml'))).toThrow(
      /entity declarations are refused/,
    );
    expect(() => parseFeed(read('not-ok', 'doctype-after-root.xml'))).toThrow(/before the root element/);
  });
});

describe('parseFeed and DOCTYPEs', () => {
  const rss = (prolog: string, title = 'T') =>
    `<?xml version="1.0"?>\n${prolog}\n<rss version="2.0"><channel><title>${title}</title><item><title>i</title></item></channel></rss>`;

  it.each([
    [
      'a PUBLIC identifier',
      '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">',
    ],
    ['a SYSTEM identifier', '<!DOCTYPE rss SYSTEM "rss.dtd">'],
    [
      'an internal subset without entities',
      '<!DOCTYPE rss [ <!ELEMENT rss ANY> <!-- no <!ENTITY here --> <!ATTLIST rss version CDATA "2.0"> ]>',
    ],
    ['a quoted ] and > in an identifier', '<!DOCTYPE rss SYSTEM "odd]>name.dtd">'],
  ])('accepts a DOCTYPE with %s and never expands anything', (_name, doctype) => {
    expect(parseFeed(rss(doctype)).title).toBe('T');
  });

  it('leaves an entity an external DTD would define as its text (the DTD is never read)', () => {
    expect(parseFeed(rss('<!DOCTYPE rss SYSTEM "http://evil.example/x.dtd">', 'a &xxe; b')).title).toBe('a &xxe; b');
  });

  it('reads "<!ENTITY" inside comments and CDATA sections as text, not as a declaration', () => {
    const feed = parseFeed(
      '<rss version="2.0"><channel><!-- <!ENTITY x "y"> --><title><![CDATA[About <!ENTITY attacks]]></title></channel></rss>',
    );
    expect(feed.title).toBe('About <!ENTITY attacks');
  });

  it('keeps the line numbers of errors after a DOCTYPE', () => {
    expect(() => parseFeed(`<!DOCTYPE rss\n SYSTEM "x.dtd">\n<rss>\n<channel>\n</rss>`)).toThrow(/line 4/);
  });
});

describe('parseFeed titles are plain text', () => {
  const titleOf = (title: string) =>
    parseFeed(`<rss version="2.0"><channel><item><title>${title}</title></item></channel></rss>`).items[0]?.title;

  it.each([
    ['escaped HTML', '&lt;b&gt;Bold&lt;/b&gt; move', 'Bold move'],
    ['HTML escaped twice', '&amp;lt;i&amp;gt;Twice&amp;lt;/i&amp;gt;', 'Twice'],
    ['HTML escaped three times', '&amp;amp;lt;u&amp;amp;gt;Thrice&amp;amp;lt;/u&amp;amp;gt;', 'Thrice'],
    ['a script escaped twice', '&amp;lt;script&amp;gt;x()&amp;lt;/script&amp;gt;News', 'News'],
    ['inline markup', 'A <b>bold</b> <a href="x">link</a>', 'A bold link'],
    ['a lone less-than', 'x &lt; y and y &gt; z', 'x < y and y > z'],
    ['an ampersand', 'AT&amp;T &amp; S&amp;P', 'AT&T & S&P'],
    ['HTML entities', 'Caf&amp;eacute; &amp;euro;', 'Café €'],
    ['whitespace', '  two\n\t lines  ', 'two lines'],
  ])('%s', (_name, title, expected) => {
    expect(titleOf(title)).toBe(expected);
  });

  it('reads a huge nested title in bounded work and keeps at most 500 characters', () => {
    const title = titleOf(`${'&lt;b&gt;'.repeat(200_000)}deep`);
    expect(title === undefined || title.length <= 500).toBe(true);
    expect(titleOf(`${'word '.repeat(1000)}`)?.length).toBe(500);
  });
});

describe('parseFeed and xml:base in RSS', () => {
  it('resolves item links and summary links against the xml:base of the channel and item', () => {
    const feed = parseFeed(
      '<rss version="2.0" xml:base="https://a.example/news/"><channel><item xml:base="2025/"><title>t</title><link>n1.html</link><description>&lt;a href="img/x"&gt;x&lt;/a&gt;</description></item></channel></rss>',
      'https://feed.example/rss',
    );
    expect(feed.items[0]?.link).toBe('https://a.example/news/2025/n1.html');
    expect(feed.items[0]?.summary).toContain('href="https://a.example/news/2025/img/x"');
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
