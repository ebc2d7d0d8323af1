import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { migratedDatabase, type TestDatabase } from '../../../test/databases.ts';
import type { Database } from '../../db/index.ts';
import { createHttpClient, type HttpClientOptions } from '../http-client.ts';

/*
 * A vendor stand-in for tests: a node:http server on 127.0.0.1 that records every request with its
 * arrival time (monotonic, taken on the server's side) before the handler answers it; the golden
 * files it serves, and the HTTP client the sources use, pointed at it.
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

/** A body that is JSON already, as recorded: a golden file, or one built and serialised by the test. */
export const jsonText = (response: ServerResponse, body: string) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);

const goldenDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../sources/__golden__');

/** A recorded vendor answer from sources/__golden__, e.g. `ok/sec-submissions.json`, as text. */
export const golden = (name: string) => readFileSync(path.join(goldenDir, name), 'utf8');

/** What SEC_USER_AGENT is in tests: SEC asks for a name and an e-mail address. */
export const TEST_USER_AGENT = 'Ledgerlight-test admin@example.com';

/** The sources' HTTP client against the stand-in: 50 requests a second, the first retry after 20 ms, unless told. */
export const localClient = (server: LocalServer, options: Partial<HttpClientOptions> = {}) =>
  createHttpClient({
    baseUrl: server.baseUrl,
    userAgent: TEST_USER_AGENT,
    requestsPerSecond: 50,
    backoffMs: 20,
    ...options,
  });

/**
 * The stand-ins and databases a test opens, closed after it in the order it opened them. Call inside a
 * describe (it registers an afterEach there); a test then writes `const server = await open.server(...)`.
 */
export function openPerTest() {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0)) await thing.close();
  });
  const track = <T extends { close(): Promise<void> }>(thing: T): T => {
    opened.push(thing);
    return thing;
  };
  return {
    server: async (handler: Handler): Promise<LocalServer> => track(await localServer(handler)),
    database: async (target: TestDatabase): Promise<Database> => track(await migratedDatabase(target)),
  };
}
