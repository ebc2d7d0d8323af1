import { describe, expect, it } from 'vitest';
import { decodeFeed, decodeUtf32, decodeWindows1252, sniffEncoding } from './decode-feed.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('sniffEncoding', () => {
  it.each([
    ['UTF-8 BOM', [0xef, 0xbb, 0xbf, 0x3c], 'utf-8', 3],
    ['UTF-16LE BOM', [0xff, 0xfe, 0x3c, 0x00], 'utf-16le', 2],
    ['UTF-16BE BOM', [0xfe, 0xff, 0x00, 0x3c], 'utf-16be', 2],
    ['UTF-32LE BOM', [0xff, 0xfe, 0x00, 0x00, 0x3c, 0, 0, 0], 'utf-32le', 4],
    ['UTF-32BE BOM', [0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x3c], 'utf-32be', 4],
    ['UTF-16LE "<?" without BOM', [0x3c, 0x00, 0x3f, 0x00], 'utf-16le', 0],
    ['UTF-16BE "<?" without BOM', [0x00, 0x3c, 0x00, 0x3f], 'utf-16be', 0],
    ['UTF-32LE "<" without BOM', [0x3c, 0x00, 0x00, 0x00], 'utf-32le', 0],
    ['UTF-32BE "<" without BOM', [0x00, 0x00, 0x00, 0x3c], 'utf-32be', 0],
  ])('%s', (_name, bytes, encoding, bom) => {
    // A header naming an ASCII charset cannot be right for these bytes: the bytes win.
    expect(sniffEncoding(Uint8Array.from(bytes), 'application/rss+xml; charset=utf-8')).toEqual({ encoding, bom });
  });

  it('takes the header charset over the XML declaration, and the declaration without a header', () => {
    const bytes = ascii('<?xml version="1.0" encoding="ISO-8859-2"?><rss/>');
    expect(sniffEncoding(bytes, 'text/xml; charset="KOI8-R"').encoding).toBe('koi8-r');
    expect(sniffEncoding(bytes, 'text/xml').encoding).toBe('iso-8859-2');
    expect(sniffEncoding(ascii('<rss/>'), '').encoding).toBe('utf-8');
  });
});

describe('decodeFeed', () => {
  const smart = Uint8Array.from([0x93, 0x80, 0x94, 0x20, 0x96, 0x20, 0xe9, 0x85, 0x99]);

  it.each(['windows-1252', 'ISO-8859-1', 'latin1', 'us-ascii', 'cp1252', 'iso_8859-1:1987'])(
    'reads %s as windows-1252, as browsers do',
    (label) => {
      expect(decodeFeed(smart, `application/rss+xml; charset=${label}`)).toBe('“€” – é…™');
    },
  );

  it('maps the five bytes windows-1252 leaves unassigned to their C1 code points (the WHATWG index)', () => {
    expect(decodeWindows1252(Uint8Array.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe('\u0081\u008d\u008f\u0090\u009d');
  });

  it('reads UTF-16 with a BOM and no charset anywhere, the BOM removed', () => {
    const text = '<rss>Ünïcode 📈</rss>';
    expect(decodeFeed(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), 'text/xml')).toBe(text);
    expect(decodeFeed(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), '')).toBe(text);
  });

  it('reads UTF-32 in both byte orders, non-BMP characters included', () => {
    const text = '<?xml version="1.0"?><rss>€ 📈</rss>';
    const be = Buffer.alloc(4 * [...text].length);
    [...text].forEach((c, i) => {
      be.writeUInt32BE(c.codePointAt(0) as number, i * 4);
    });
    const le = Buffer.alloc(be.length);
    for (let i = 0; i < be.length; i += 4) le.writeUInt32LE(be.readUInt32BE(i), i);
    expect(decodeFeed(be)).toBe(text);
    expect(decodeFeed(le)).toBe(text);
    expect(decodeFeed(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), le]))).toBe(text);
  });

  it('reads a UTF-32 code unit that is no character, or a cut one, as U+FFFD', () => {
    const bytes = Uint8Array.from([0x00, 0xd8, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00, 0x41, 0x00]);
    expect(decodeUtf32(bytes, 'utf-32le')).toBe('\ufffd\ufffd\ufffd');
  });

  it('reads an unknown charset label as UTF-8', () => {
    expect(decodeFeed(Buffer.from('<rss>é</rss>'), 'text/xml; charset=x-made-up')).toBe('<rss>é</rss>');
  });

  it('uses other labels the Encoding standard knows', () => {
    expect(decodeFeed(Uint8Array.from([0xc1, 0xc2]), 'text/xml; charset=koi8-r')).toBe('аб');
  });
});
