import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, createHttpClient, HttpError } from './http-client.ts';
import { json, type LocalServer, localServer } from './testing/local-http.ts';

/*
 * The HTTP client's schedule, checked exactly with a virtual clock that stands still: every pause the
 * client asks for is recorded instead of waited, so a loaded machine cannot make these tests flaky.
 */

function frozenClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, now: () => 1_000_000, sleep: async (ms) => void sleeps.push(ms) };
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('HTTP client', () => {
  it('spaces requests one interval apart, concurrent callers included (10 per second)', async () => {
    server = await localServer((_req, res) => json(res, 200, { ok: true }));
    const clock = frozenClock();
    const http = createHttpClient({ baseUrl: server.baseUrl, userAgent: 'test', requestsPerSecond: 10, clock });
    await Promise.all(Array.from({ length: 25 }, (_, i) => http.getJson(`/item/${i}`)));
    expect(server.hits).toHaveLength(25);
    // The first request goes at once; request n waits for the slot n x 100 ms after the first.
    expect([...clock.sleeps].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => (i + 1) * 100));
  });

  it('retries 503 and 429 with a doubling backoff, but not other client errors', async () => {
    const answers = [503, 429, 200];
    server = await localServer((req, res) => {
      if (req.url === '/missing') return json(res, 404, { error: 'not found' });
      const status = answers.shift() ?? 500;
      json(res, status, { status });
    });
    const clock = frozenClock();
    // 1000 per second: the rate limit's own waits (1 ms steps) stay apart from the backoff pauses.
    const http = createHttpClient({
      baseUrl: server.baseUrl,
      userAgent: 'test',
      requestsPerSecond: 1000,
      retries: 3,
      backoffMs: 400,
      clock,
    });
    expect(await http.getJson('/flaky')).toEqual({ status: 200 });
    expect(server.hitsTo('/flaky')).toHaveLength(3);
    expect(clock.sleeps.filter((ms) => ms >= 100)).toEqual([400, 800]);

    await expect(http.getText('/missing')).rejects.toMatchObject({ status: 404, name: 'HttpError' });
    expect(server.hitsTo('/missing')).toHaveLength(1);
  });

  it('gives up after the configured retries with the last HTTP status', async () => {
    server = await localServer((_req, res) => json(res, 503, {}));
    const clock = frozenClock();
    const http = createHttpClient({
      baseUrl: server.baseUrl,
      userAgent: 'test',
      requestsPerSecond: 1000,
      retries: 2,
      backoffMs: 300,
      clock,
    });
    const error = await http.getText('/down').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(server.hits).toHaveLength(3);
    expect(clock.sleeps.filter((ms) => ms >= 100)).toEqual([300, 600]);
  });

  it('times out a server that does not answer, and sends the configured User-Agent', async () => {
    server = await localServer((req, res) => {
      if (req.url === '/slow') return; // never answers: the client's timeout must end the wait
      json(res, 200, { ua: req.headers['user-agent'] });
    });
    const http = createHttpClient({
      baseUrl: `${server.baseUrl}/`,
      userAgent: 'Ledgerlight admin@example.com',
      requestsPerSecond: 50,
      timeoutMs: 200,
      retries: 1,
      backoffMs: 10,
    });
    expect(await http.getJson('/ua')).toEqual({ ua: 'Ledgerlight admin@example.com' });
    await expect(http.getText('/slow')).rejects.toThrow(/timeout|aborted/i);
    expect(server.hitsTo('/slow')).toHaveLength(2);
  });
});
