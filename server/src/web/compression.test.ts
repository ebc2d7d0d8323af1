import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress.mjs';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { etagOf, negotiateEncoding, varyOnEncoding } from '../http/compress.ts';

/*
 * Issue 20: every asset, page and API answer goes out br or gzip when the caller accepts it, raw when not,
 * with Vary: Accept-Encoding and an ETag per encoding. The data cache's own side is in data-cache.test.ts.
 */
const script = `export const points = [${Array.from({ length: 400 }, (_, i) => `{ day: ${i}, close: ${100 + i} }`).join(', ')}];\n`;
const style = `.panel { ${Array.from({ length: 80 }, (_, i) => `--gap-${i}: ${i}px;`).join(' ')} }\n`;
const template = `<!doctype html><html lang="en"><head><title>app</title></head><body><!-- ${'shell '.repeat(300)} --><div id="root"></div></body></html>`;
const texts = { app: { name: 'Ledgerlight' }, words: Array.from({ length: 200 }, (_, i) => `word ${i}`) };

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('compressed answers', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  const files: Record<string, string> = {
    'index.html': template,
    'assets/main-abc123.js': script,
    'assets/main-abc123.css': style,
    'locales/en/common.json': JSON.stringify(texts),
  };
  let t: TestApp;
  beforeAll(async () => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      fs.writeFileSync(path.join(dist, name), text);
    }
    await precompress(dist);
    const [sqlite] = testDatabases();
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('writes a .br and a .gz beside every text file of the build', () => {
    for (const name of Object.keys(files)) {
      expect(decode(fs.readFileSync(path.join(dist, `${name}.br`)), 'br')).toBe(files[name]);
      expect(decode(fs.readFileSync(path.join(dist, `${name}.gz`)), 'gzip')).toBe(files[name]);
    }
  });

  const get = (url: string, acceptEncoding?: string, ifNoneMatch?: string) =>
    t.app.inject({
      url,
      headers: {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
    });

  it.each([
    ['/assets/main-abc123.js', script, 'javascript'],
    ['/assets/main-abc123.css', style, 'text/css'],
    ['/locales/en/common.json', JSON.stringify(texts), 'application/json'],
  ])('sends the built file %s compressed as asked, raw when not, each with its own ETag', async (url, text, type) => {
    const br = await get(url, 'gzip, deflate, br, zstd');
    const gzip = await get(url, 'gzip');
    const raw = await get(url);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gzip, raw]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain(type);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(answer.rawPayload, answer.headers['content-encoding'] as string | undefined)).toBe(text);
      // A document's policy headers are a page's, not a script's (700 bytes on every file).
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBeUndefined();
    }
    expect(br.rawPayload.length).toBeLessThan(text.length / 2);
    expect(new Set([br.headers.etag, gzip.headers.etag, raw.headers.etag]).size).toBe(3);
    // A cached variant revalidates with its own tag.
    const again = await get(url, 'br', String(br.headers.etag));
    expect(again.statusCode).toBe(304);
    expect((await get(url, undefined, String(raw.headers.etag))).statusCode).toBe(304);
  });

  it('refuses an encoding given q=0', async () => {
    const answer = await get('/assets/main-abc123.js', 'br;q=0, gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect((await get('/assets/main-abc123.js', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it.each(['/', '/stocks/ACME', '/de/green-stocks'])('compresses the page %s on the fly', async (url) => {
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(br.rawPayload, 'br')).toContain('<div id="root">');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    const raw = await get(url);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toContain('<div id="root">');
  });

  it('compresses an API answer that is not a data answer (the OpenAPI document)', async () => {
    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip.rawPayload, 'gzip')).openapi).toMatch(/^3\./);
    const raw = await get('/api/openapi.json');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.json().openapi).toMatch(/^3\./);
  });
});

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['', null],
  ])('Accept-Encoding "%s" -> %s', (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding);
  });

  it('names the variant in the ETag, weak or strong', () => {
    expect(etagOf('"3-abc"', 'br')).toBe('"3-abc-br"');
    expect(etagOf('W/"12-ff"', 'gzip')).toBe('W/"12-ff-gzip"');
    expect(etagOf('"3-abc"', null)).toBe('"3-abc"');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
  });
});
