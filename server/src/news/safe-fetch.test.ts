import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_MEDIA_TYPES, FetchError, type SafeFetchOptions, safeFetch } from './safe-fetch.ts';
import { startFeedServer, type TestFeedServer } from './test-feed-server.ts';

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>';
const base: SafeFetchOptions = { allowLoopback: true, timeoutMs: 2000, maxBytes: 10_000, accept: FEED_MEDIA_TYPES };

let server: TestFeedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function refusal(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('safeFetch: what it refuses before connecting', () => {
  it.each([
    ['file:///etc/passwd', /only http and https/],
    ['ftp://example.com/feed', /only http and https/],
    ['gopher://example.com/', /only http and https/],
    ['http://user:secret@example.com/feed', /credentials/],
    ['not a url', /valid absolute URL/],
  ])('%s', async (url, message) => {
    const error = await refusal(safeFetch(url, {}, base));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(message);
  });

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://10.0.0.5/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://172.20.0.1/', 'private'],
    ['http://[fd00::1]/', 'private'],
    ['http://169.254.1.1/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://100.64.0.1/', 'carrier-grade-nat'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud-metadata'],
    ['http://[fd00:ec2::254]/', 'cloud-metadata'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:169.254.169.254]/', 'cloud-metadata'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
  ])('IP literal %s (%s)', async (url, cls) => {
    const error = await refusal(safeFetch(url, {}, { ...base, allowLoopback: false }));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain(cls);
  });

  it('refuses a hostname when any of its DNS answers is private', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.1.1', family: 4 },
    ];
    const error = await refusal(safeFetch('http://feeds.example.com/rss', {}, { ...base, resolve }));
    expect(error.message).toMatch(/feeds\.example\.com resolves to a private address/);
  });

  it('refuses a hostname resolving to the metadata service over IPv6', async () => {
    const resolve = async () => [{ address: 'fd00:ec2::254', family: 6 }];
    const error = await refusal(safeFetch('https://metadata.example/', {}, { ...base, resolve }));
    expect(error.message).toMatch(/cloud-metadata/);
  });
});

describe('safeFetch against a local server', () => {
  it('connects to the address it checked, keeping the Host name', async () => {
    server = await startFeedServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS),
    );
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await safeFetch(`http://feeds.example.test:${server.port}/rss`, {}, { ...base, resolve });
    expect(result.status).toBe('ok');
    expect(server.requests[0]?.headers.host).toBe(`feeds.example.test:${server.port}`);
  });

  it('refuses loopback unless the setting allows it', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(RSS));
    const error = await refusal(safeFetch(`${server.url}/rss`, {}, { ...base, allowLoopback: false }));
    expect(error.kind).toBe('refused');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a redirect to a private address without following it', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(302, { location: 'http://10.0.0.7/admin' }).end());
    const error = await refusal(safeFetch(`${server.url}/rss`, {}, base));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/private address \(10\.0\.0\.7\)/);
  });

  it('refuses a redirect to the metadata service through a hostname', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(301, { location: 'http://evil.example/' }).end());
    const resolve = async (host: string) => [
      { address: host === 'evil.example' ? '169.254.169.254' : '127.0.0.1', family: 4 },
    ];
    const error = await refusal(safeFetch(`${server.url}/rss`, {}, { ...base, resolve }));
    expect(error.message).toMatch(/cloud-metadata/);
  });

  it('follows at most 3 redirects', async () => {
    server = await startFeedServer((req, res) => {
      const hop = Number(req.url?.slice(1) || 0);
      if (hop < 10) res.writeHead(302, { location: `/${hop + 1}` }).end();
      else res.writeHead(200, { 'content-type': 'text/xml' }).end(RSS);
    });
    const ok = await safeFetch(`${server.url}/7`, {}, base);
    expect(ok.status === 'ok' && ok.url).toBe(`${server.url}/10`);
    const error = await refusal(safeFetch(`${server.url}/0`, {}, base));
    expect(error.message).toMatch(/more than 3 redirects/);
  });

  it('sends conditional headers and reports 304 as not modified', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(304).end());
    const result = await safeFetch(
      `${server.url}/rss`,
      { etag: '"v1"', lastModified: 'Tue, 01 Jul 2025 10:00:00 GMT' },
      base,
    );
    expect(result.status).toBe('not-modified');
    expect(server.requests[0]?.headers['if-none-match']).toBe('"v1"');
    expect(server.requests[0]?.headers['if-modified-since']).toBe('Tue, 01 Jul 2025 10:00:00 GMT');
  });

  it('refuses a body over the size cap, also when it arrives compressed', async () => {
    const big = `<rss>${'x'.repeat(50_000)}</rss>`;
    server = await startFeedServer((req, res) => {
      if (req.url === '/gzip')
        res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' }).end(zlib.gzipSync(big));
      else res.writeHead(200, { 'content-type': 'text/xml' }).end(big);
    });
    expect((await refusal(safeFetch(`${server.url}/plain`, {}, base))).kind).toBe('too-large');
    expect((await refusal(safeFetch(`${server.url}/gzip`, {}, base))).kind).toBe('too-large');
  });

  it('decompresses gzip within the cap', async () => {
    server = await startFeedServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end(zlib.gzipSync(RSS)),
    );
    const result = await safeFetch(`${server.url}/rss`, {}, base);
    expect(result.status === 'ok' && result.body).toBe(RSS);
  });

  it('refuses an unexpected content type', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    const error = await refusal(safeFetch(`${server.url}/rss`, {}, base));
    expect(error.kind).toBe('content-type');
  });

  it('gives up after the timeout', async () => {
    server = await startFeedServer(() => undefined);
    const error = await refusal(safeFetch(`${server.url}/slow`, {}, { ...base, timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
  });

  it('reports an error status', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(503).end());
    const error = await refusal(safeFetch(`${server.url}/rss`, {}, base));
    expect(error.message).toBe('HTTP 503');
  });
});
