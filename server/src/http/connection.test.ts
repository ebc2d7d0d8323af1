import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';

/*
 * Slow and malformed clients against the real server listening on 127.0.0.1, over raw sockets (inject
 * never reaches Node's HTTP parser or its timeouts). The deadlines are short here so the tests are quick;
 * production's are in docs/operations.md.
 */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection after answering. */
  closed: boolean;
}

/** Sends `parts` with `gapMs` between them (stopping once the server answers), and reads until close. */
function exchange(port: number, parts: string[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset after its answer while we still write: keep what arrived.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(received));
    });
    let index = 0;
    const sendNext = () => {
      if (socket.destroyed || received !== '') return;
      const part = parts[index++];
      if (part === undefined) return;
      socket.write(part);
      timer = setTimeout(sendNext, gapMs);
    };
    socket.on('connect', sendNext);
  });
}

function parse(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : text.slice(end + 4), closed: true };
}

function expectErrorShape(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBody.parse(JSON.parse(answer.body));
  expect(body.error.code).toBe(code);
  return body;
}

const [sqlite] = testDatabases();

describe('slow and malformed clients on a listening server', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite, {
      HTTP_REQUEST_TIMEOUT_MS: '1500',
      HTTP_HEADERS_TIMEOUT_MS: '800',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a body that trickles in (a byte at a time) with 408 in the error shape, and closes', async () => {
    const head =
      'POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n';
    // 40 bytes, 100 ms apart: 4 s of sending if nobody stopped it, well past the 1.5 s deadline.
    const answer = await exchange(port, [head, ...Array.from({ length: 40 }, () => ' ')], 100);
    const body = expectErrorShape(answer, 408, 'request_timeout');
    expect(body.error.message).toBe('The request did not arrive in time');
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('answers headers that trickle in with 408 in the error shape', async () => {
    const parts = [
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-${i}: y\r\n`),
    ];
    expectErrorShape(await exchange(port, parts, 100), 408, 'request_timeout');
  });

  it('still answers a whole request sent at once, and one whose body arrives in time', async () => {
    const quick = await exchange(port, ['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n']);
    expect([quick.status, JSON.parse(quick.body)]).toEqual([200, { status: 'ok' }]);
    const payload = '{"name":"page_view","path":"/"}';
    const head = `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
    const posted = await exchange(port, [head, payload.slice(0, 10), payload.slice(10)], 50);
    expect(posted.status).toBe(204);
  });

  it('answers a URL over the 16 KB header limit with 431 in the error shape', async () => {
    const answer = await exchange(port, [
      `GET /api/data/company?ticker=${'A'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]);
    expect(expectErrorShape(answer, 431, 'headers_too_large').error.message).toContain('16 KB');
  });

  it('answers headers over the limit with 431 in the error shape', async () => {
    const answer = await exchange(port, [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`]);
    expectErrorShape(answer, 431, 'headers_too_large');
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ['an invalid header name', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a broken chunked body', 'POST /api/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    [
      'both Content-Length and chunked',
      'POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('answers %s with 400 in the error shape', async (_name, request) => {
    expectErrorShape(await exchange(port, [request]), 400, 'validation_error');
  });

  it('answers an HTTP/1.1 request without Host with 400 naming the header', async () => {
    const answer = await exchange(port, ['GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(expectErrorShape(answer, 400, 'validation_error').error.details).toMatchObject({ field: 'host' });
  });

  it('answers an Expect other than 100-continue with 417 naming the header', async () => {
    const answer = await exchange(port, [
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nConnection: close\r\n\r\n',
    ]);
    expect(expectErrorShape(answer, 417, 'validation_error').error.details).toMatchObject({ field: 'expect' });
  });

  it('answers bad percent-encoding and an over-long path parameter in the error shape', async () => {
    const bad = await exchange(port, [
      'GET /api/data/company/%E0%A4%A/links HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    expect(expectErrorShape(bad, 400, 'validation_error').error.details).toMatchObject({ field: 'path' });
    const long = await exchange(port, [
      `GET /api/data/company/${'A'.repeat(150)}/links HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    expectErrorShape(long, 414, 'uri_too_long');
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    // One request, then silence: the server closes (the exchange resolves on close) instead of holding it.
    const answer = await exchange(port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
  });
});

describe('a request arriving while the server closes', () => {
  it('gets a 503 in the error shape on its kept-alive connection', async () => {
    if (!sqlite) throw new Error('no SQLite target');
    const t = await startTestApp(sqlite);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // A request whose body is still coming keeps the connection busy, so close() does not reap it as idle.
    const payload = '{"name":"page_view","path":"/"}';
    socket.write(
      `POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n{`,
    );
    await arrived;
    const closing = t.close();
    // The rest of the body, and a second request pipelined behind it on the same connection.
    socket.write(`${payload.slice(1)}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
    await Promise.all([closing, ended]);
    const [first = '', second = ''] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 204/);
    const answer = parse(second);
    expectErrorShape(answer, 503, 'service_unavailable');
    expect(answer.headers.connection).toBe('close');
  });
});

describe('the HTTP timeouts of a default start', () => {
  it('sets deadlines on the server: 30 s for a request, 10 s for headers, 72 s keep-alive, 120 s idle', async () => {
    if (!sqlite) throw new Error('no SQLite target');
    const t = await startTestApp(sqlite);
    try {
      const server = t.app.server;
      expect([server.requestTimeout, server.headersTimeout, server.keepAliveTimeout, server.timeout]).toEqual([
        30_000, 10_000, 72_000, 120_000,
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('an absolute-form request line (issue 34)', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite target');
    // The built app's page with its texts: the server writes each page's head into it.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Ledgerlight</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public/locales');
    fs.cpSync(locales, path.join(dist, 'locales'), { recursive: true });
    t = await startTestApp(sqlite, { PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: dist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is answered as the path it names, with links to this site only', async () => {
    const page = await exchange(port, [
      'GET http://other.example/de/green-stocks?x=1 HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n',
    ]);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/de/green-stocks"');
    expect(page.body).not.toContain('other.example');
    const api = await exchange(port, [
      'GET http://other.example/healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    expect([api.status, JSON.parse(api.body)]).toEqual([200, { status: 'ok' }]);
  });
});
