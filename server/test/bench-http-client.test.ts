import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection, Pool } from '../../bench/http-client.ts';

/* The benchmarks' load generator must read every kind of answer to its end, or it measures nothing. */

const servers: (http.Server | net.Server)[] = [];
const connections: { destroy(): void }[] = [];
afterEach(async () => {
  for (const c of connections.splice(0)) c.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen<S extends http.Server | net.Server>(server: S): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function connect(port: number): Connection {
  const c = new Connection('127.0.0.1', port);
  connections.push(c);
  return c;
}

describe('the load generator client', () => {
  it('reads answers with a length, chunked, and without a body, one after the other on one connection', async () => {
    const sockets = new Set<net.Socket>();
    const big = 'x'.repeat(300_000);
    const port = await listen(
      http.createServer((req, res) => {
        sockets.add(req.socket);
        if (req.url === '/length') {
          res.writeHead(200, { 'content-length': Buffer.byteLength(big) }).end(big);
        } else if (req.url === '/chunked') {
          res.writeHead(201);
          res.write('abc');
          setTimeout(() => res.end('defgh'), 5);
        } else if (req.url === '/not-modified') {
          res.writeHead(304, { etag: '"1"' }).end();
        } else {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{}}');
        }
      }),
    );
    const c = connect(port);
    expect(await c.get('/length')).toEqual({ status: 200, bytes: 300_000 });
    expect(await c.get('/chunked')).toEqual({ status: 201, bytes: 8 });
    expect(await c.get('/not-modified')).toEqual({ status: 304, bytes: 0 });
    expect(await c.get('/nothing')).toEqual({ status: 404, bytes: 12 });
    expect(await c.get('/length')).toEqual({ status: 200, bytes: 300_000 });
    expect(sockets.size).toBe(1);
  });

  it('reads an answer cut anywhere, in the head, in a chunk size or between chunks', async () => {
    const answer =
      'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '5\r\nhello\r\n1a;ext=1\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\n';
    const port = await listen(
      net.createServer((socket) => {
        let step = 1;
        socket.on('data', () => {
          // Every request gets the same answer, written a few bytes at a time (a different cut each time).
          const size = step++;
          let at = 0;
          const next = () => {
            if (at >= answer.length) return;
            socket.write(answer.slice(at, at + size));
            at += size;
            setImmediate(next);
          };
          next();
        });
      }),
    );
    const c = connect(port);
    for (let i = 0; i < 7; i++) expect(await c.get(`/cut/${i}`)).toEqual({ status: 200, bytes: 31 });
  });

  it('reads a body that runs to the close, and fails a request whose connection drops mid-answer', async () => {
    const port = await listen(
      net.createServer((socket) => {
        socket.once('data', (request) => {
          if (request.toString().startsWith('GET /to-close ')) {
            socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall of it');
          } else {
            socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this');
          }
        });
      }),
    );
    expect(await connect(port).get('/to-close')).toEqual({ status: 200, bytes: 9 });
    await expect(connect(port).get('/cut-short')).rejects.toThrow(/closed/);
  });

  it('keeps at most max connections, queues the rest first come first served, and replaces a closed one', async () => {
    const sockets = new Set<net.Socket>();
    let served = 0;
    const port = await listen(
      http.createServer((req, res) => {
        sockets.add(req.socket);
        served++;
        // Every fifth answer closes its connection: the pool must open another.
        const headers: http.OutgoingHttpHeaders = served % 5 === 0 ? { connection: 'close' } : {};
        setTimeout(() => res.writeHead(200, headers).end(req.url), 2);
      }),
    );
    const pool = new Pool('127.0.0.1', port, 3);
    connections.push(pool);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => pool.get(`/n/${i}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => a.bytes)).toEqual(Array.from({ length: 30 }, (_, i) => `/n/${i}`.length));
    expect(served).toBe(30);
    // 3 at a time, and a new connection after each closed one: more than 3 sockets, far fewer than 30.
    expect(sockets.size).toBeGreaterThan(3);
    expect(sockets.size).toBeLessThan(15);
  });

  it('refuses a second request on a busy connection, and a request to a port nobody listens on', async () => {
    const port = await listen(http.createServer((_req, res) => setTimeout(() => res.end('ok'), 20)));
    const c = connect(port);
    const first = c.get('/a');
    await expect(c.get('/b')).rejects.toThrow(/in flight/);
    expect(await first).toEqual({ status: 200, bytes: 2 });
    const closedPort = await listen(net.createServer());
    await new Promise((r) => servers.pop()?.close(r));
    await expect(connect(closedPort).get('/')).rejects.toThrow(/ECONNREFUSED/);
  });
});
