import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
