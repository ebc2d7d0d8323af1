import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/*
 * A vendor stand-in for tests: a node:http server on 127.0.0.1 that records every request with its
 * arrival time (monotonic, taken on the server's side) before the handler answers it.
 */

export interface Hit {
  /** performance.now() when the request arrived. */
  at: number;
  path: string;
  userAgent: string | undefined;
}

export interface LocalServer {
  baseUrl: string;
  hits: Hit[];
  /** Hits whose path starts with `prefix`. */
  hitsTo(prefix: string): Hit[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

export async function localServer(handler: Handler): Promise<LocalServer> {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    hits.push({ at: performance.now(), path: request.url ?? '/', userAgent: request.headers['user-agent'] });
    handler(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    hitsTo: (prefix) => hits.filter((h) => h.path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // fetch keeps connections alive: drop them, or close() waits for their idle timeout.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
