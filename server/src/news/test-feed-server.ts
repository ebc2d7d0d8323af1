import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Log, NewsSettings } from './refresher.ts';

/** A real HTTP server on 127.0.0.1 standing in for the outside internet in tests (feeds, redirects). */
export interface TestFeedServer {
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startFeedServer(handler: Handler): Promise<TestFeedServer> {
  const requests: IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A log that says nothing, for the refresher in tests. */
export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The refresher's settings in tests: loopback feeds allowed, no demo feeds, whatever `overrides` change. */
export function testNewsSettings(overrides: Partial<NewsSettings> = {}): NewsSettings {
  return {
    intervalSeconds: 600,
    publicUrl: 'http://localhost:3000',
    demo: false,
    demoTickersFirst: [],
    feedsFile: undefined,
    fetch: { allowLoopback: true, timeoutMs: 2000, maxBytes: 100_000 },
    reader: { parseTimeoutMs: 10_000, memoryMb: 128 },
    ...overrides,
  };
}
