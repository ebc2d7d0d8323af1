/*
 * A feed's bytes to text. The order follows RFC 7303 (XML media types) and the XML 1.0 appendix F
 * autodetection: a byte order mark first; then bytes that can only be UTF-16 or UTF-32 (`<?` with zero
 * bytes around it), whatever a header claims; then the Content-Type charset; then the XML declaration's
 * encoding; UTF-8 when nothing names one. Labels are read as the WHATWG Encoding standard reads them, as
 * browsers do: iso-8859-1, latin1 and us-ascii mean windows-1252, which is decoded here by its own table
 * (Node's TextDecoder decodes it as ISO-8859-1, turning “ ” € – into C1 control characters). UTF-32, which
 * the Encoding standard leaves out, is decoded here too.
 */

export type Utf32 = 'utf-32le' | 'utf-32be';

/** The WHATWG labels of windows-1252 (https://encoding.spec.whatwg.org/#names-and-labels). */
const WINDOWS_1252_LABELS = new Set([
  'ansi_x3.4-1968',
  'ascii',
  'cp1252',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'l1',
  'latin1',
  'us-ascii',
  'windows-1252',
  'x-cp1252',
]);

const UTF32_LABELS: Record<string, Utf32> = {
  'utf-32': 'utf-32le',
  utf32: 'utf-32le',
  'utf-32le': 'utf-32le',
  'utf-32be': 'utf-32be',
  'ucs-4': 'utf-32be',
  'iso-10646-ucs-4': 'utf-32be',
};

/** windows-1252 bytes 0x80-0x9F (the WHATWG index; its five unassigned bytes map to the C1 code points). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));

/** The encoding a feed's bytes are read in, and how many bytes of byte order mark to skip. */
export function sniffEncoding(bytes: Uint8Array, contentType = ''): { encoding: string; bom: number } {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { encoding: 'utf-32be', bom: 4 };
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { encoding: 'utf-32le', bom: 4 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bom: 2 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bom: 3 };
  // `<` or `<?` in a wide encoding without a byte order mark (XML 1.0 appendix F).
  if (a === 0x00 && b === 0x00 && c === 0x00 && d === 0x3c) return { encoding: 'utf-32be', bom: 0 };
  if (a === 0x3c && b === 0x00 && c === 0x00 && d === 0x00) return { encoding: 'utf-32le', bom: 0 };
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return { encoding: 'utf-16be', bom: 0 };
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return { encoding: 'utf-16le', bom: 0 };
  const fromHeader = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  const prolog = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  const fromDeclaration = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(prolog)?.[1];
  return { encoding: (fromHeader ?? fromDeclaration ?? 'utf-8').trim().toLowerCase(), bom: 0 };
}

/** Decode a feed document (see the rules above). An unknown label is read as UTF-8, as a browser would. */
export function decodeFeed(bytes: Uint8Array, contentType = ''): string {
  const { encoding, bom } = sniffEncoding(bytes, contentType);
  const body = bytes.subarray(bom);
  if (WINDOWS_1252_LABELS.has(encoding)) return decodeWindows1252(body);
  const utf32 = UTF32_LABELS[encoding];
  if (utf32) return stripBom(decodeUtf32(body, utf32));
  let label = 'utf-8';
  try {
    label = new TextDecoder(encoding).encoding;
  } catch {
    // Not a label the Encoding standard knows: UTF-8.
  }
  return new TextDecoder(label).decode(body);
}

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

/** UTF-32 by hand; a code unit that is no scalar value (a surrogate, above U+10FFFF) reads as U+FFFD. */
export function decodeUtf32(bytes: Uint8Array, encoding: Utf32): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = encoding === 'utf-32le';
  const parts: string[] = [];
  let chunk: number[] = [];
  const whole = bytes.byteLength - (bytes.byteLength % 4);
  for (let at = 0; at < whole; at += 4) {
    const code = view.getUint32(at, little);
    chunk.push(code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? 0xfffd : code);
    // In chunks: String.fromCodePoint takes its code points as arguments.
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  if (whole < bytes.byteLength) chunk.push(0xfffd);
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
