/*
 * The HTTP client every source uses: base URL, User-Agent, a rate limit, a timeout, and retries with
 * exponential backoff on network errors, 429 and 5xx. Configurable so tests point it at a local server.
 */

export interface HttpClientOptions {
  baseUrl: string;
  userAgent: string;
  /** Most requests per second (SEC asks for at most 10). */
  requestsPerSecond: number;
  timeoutMs?: number;
  retries?: number;
  /** First backoff pause; doubles on each retry. */
  backoffMs?: number;
  /** Time for the rate limit and the backoff: tests inject a virtual one to check the schedule exactly. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'HttpError';
  }
}

export interface HttpClient {
  readonly baseUrl: string;
  getText(pathAndQuery: string): Promise<string>;
  getJson(pathAndQuery: string): Promise<unknown>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const interval = 1000 / Math.max(options.requestsPerSecond, 0.001);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { now, sleep } = options.clock ?? realClock;
  let nextSlot = 0;

  // Requests take turns in time slots `interval` apart, so concurrent callers share the limit.
  async function waitForSlot(): Promise<void> {
    const at = now();
    const slot = Math.max(at, nextSlot);
    nextSlot = slot + interval;
    if (slot > at) await sleep(slot - at);
  }

  async function getText(pathAndQuery: string): Promise<string> {
    const url = /^https?:\/\//.test(pathAndQuery) ? pathAndQuery : `${baseUrl}${pathAndQuery}`;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
      await waitForSlot();
      try {
        const response = await fetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json, text/csv, */*' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return await response.text();
        lastError = new HttpError(response.status, url);
        // Client errors other than rate limiting will not get better by asking again.
        if (response.status < 500 && response.status !== 429) throw lastError;
      } catch (error) {
        if (error instanceof HttpError && error.status < 500 && error.status !== 429) throw error;
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  return {
    baseUrl,
    getText,
    async getJson(pathAndQuery) {
      const text = await getText(pathAndQuery);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(`Not JSON from ${pathAndQuery}`);
      }
    },
  };
}
