import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { DataCache } from './data-cache.ts';
import type { CountMemoryHit } from './metrics.ts';

/*
 * Stored data answers written straight from memory, before Fastify routes the request (ADR 0019). A hit
 * of the data cache is a buffer already compressed; through the router and the app's hooks (request id,
 * 405 check, closing check, rate limits, cookies, security headers, compression check, metrics) it cost
 * three times what writing the buffer does. Here a GET whose answer the cache can give at once
 * (DataCache.memoryHit) gets the same status, headers and bytes the route would send, and is counted in
 * the metrics and the request log as the route's hooks would; anything else goes to Fastify untouched.
 *
 * Left to the routes: a conditional request (If-None-Match: the route answers 304), a route a rate limit
 * is on for (its bucket must be spent), an HTTP/1.1 request without Host (a 400), a stored answer not yet
 * made in the encoding asked for, a data version older than the cache trusts, and everything while the
 * server closes.
 */

export interface MemoryHitDeps {
  cache: DataCache;
  /** The request id the routes would give (the caller's when sane, else a new one). */
  requestId: (request: IncomingMessage) => string;
  /** The security headers the routes would add for this URL and content type. */
  securityHeaders: (url: string, contentType: string) => Record<string, string>;
  /** True when a rate limit is on for GETs of this route pattern. */
  rateLimited: (route: string) => boolean;
  countMemoryHit: CountMemoryHit;
}

/** Puts the memory hits in front of Fastify's request handler on the app's own server. */
export function answerMemoryHitsFirst(app: FastifyInstance, deps: MemoryHitDeps): void {
  const server = app.server;
  const [routed, ...others] = server.listeners('request') as RequestListener[];
  if (!routed || others.length > 0) throw new Error('memory hits: expected Fastify as the one request listener');
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const answer = memoryHitAnswer(app, deps);
  server.removeListener('request', routed);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closing || !answer(request, response)) routed(request, response);
  });
}

/** The levels at which Fastify logs each request (at info), and so does a memory hit. */
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);

/** Answers `request` from memory and returns true, or returns false having written nothing. */
export function memoryHitAnswer(
  app: FastifyInstance,
  deps: MemoryHitDeps,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  /*
   * Each stored variant's headers but the request id, as the flat list writeHead takes, made on its first
   * hit: the cache hands out one headers object per variant (DataCache.memoryHit), dropped with it.
   */
  const heads = new WeakMap<Record<string, string>, string[]>();
  return (request, response) => {
    const started = performance.now();
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return false;
    const { headers } = request;
    if (headers['if-none-match'] !== undefined) return false;
    if (headers.host === undefined && request.httpVersion === '1.1') return false;
    const hit = deps.cache.memoryHit(url, headers['accept-encoding']);
    if (!hit || deps.rateLimited(hit.route)) return false;
    const id = deps.requestId(request);
    let head = heads.get(hit.headers);
    if (!head) {
      head = Object.entries({
        ...hit.headers,
        ...deps.securityHeaders(url, hit.headers['content-type'] ?? ''),
        'content-length': String(hit.body.length),
      }).flat();
      heads.set(hit.headers, head);
    }
    response.writeHead(200, ['x-request-id', id, ...head]);
    response.end(hit.body);
    deps.countMemoryHit(hit.route);
    if (REQUEST_LOG_LEVELS.has(app.log.level)) {
      app.log.info(
        { reqId: id, req: { method: 'GET', url }, res: { statusCode: 200 }, responseTime: performance.now() - started },
        'request completed',
      );
    }
    return true;
  };
}
