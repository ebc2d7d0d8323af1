import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { rateLimited } from './errors.ts';

/*
 * Rate limits per client address on the calls worth abusing: sign-in (password and wallet signatures),
 * search (every keystroke of the type-ahead), OData (arbitrary screener queries), the analytics events
 * (no sign-in needed) and the referral call. A token bucket per
 * (bucket, address): `limit` requests per window, refilled continuously, so a burst of `limit` is allowed
 * and then one request every window/limit. Over the limit: 429 in the error shape with Retry-After.
 *
 * The buckets live in this process's memory: with N instances behind a load balancer that spreads a
 * client's requests, that client gets up to N x limit (docs/operations.md). The address is request.ip,
 * which honours X-Forwarded-For only from the proxies TRUST_PROXY names.
 */

export type BucketName = 'sign-in' | 'search' | 'odata' | 'events' | 'ref';

interface Rule {
  bucket: BucketName;
  method: string;
  /**
   * The route that will run: a Fastify route pattern as registered, or a development-provider path as
   * `mountedProviderRoute` names it. Never the raw URL: `/nonce/`, `/%6Eonce` or `/idp/Token` reach the
   * same handler and must spend from the same bucket.
   */
  route: string;
}

const RULES: Rule[] = [
  { bucket: 'sign-in', method: 'GET', route: '/api/auth/wallet/nonce' },
  { bucket: 'sign-in', method: 'POST', route: '/api/auth/wallet/verify-login' },
  // The development identity provider's password form (a Fastify route) and token endpoint (its own router).
  { bucket: 'sign-in', method: 'POST', route: '/idp/interaction/:uid/login' },
  { bucket: 'sign-in', method: 'POST', route: '/idp/token' },
  { bucket: 'search', method: 'GET', route: '/api/data/company/search' },
  { bucket: 'odata', method: 'GET', route: '/api/data/indicator/odata' },
  { bucket: 'odata', method: 'GET', route: '/api/data/indicator/odatav2' },
  // A backtest runs the screen on every rebalance day: the screener's budget, not a free call.
  { bucket: 'odata', method: 'GET', route: '/api/data/indicator/backtest' },
  // Writes anyone (events) or any signed-in user (ref) can send in a loop (issue 34).
  { bucket: 'events', method: 'POST', route: '/api/events' },
  { bucket: 'ref', method: 'PUT', route: '/api/ref' },
];

export interface RateLimitSettings {
  windowSeconds: number;
  /** Requests per window and address; 0 turns the bucket off. */
  limits: Record<BucketName, number>;
  /** Most addresses remembered per bucket before the idlest are forgotten (memory bound). */
  maxKeys?: number;
}

/** True when requests of this method to this route spend from a bucket that is on (limit above 0). */
export function isRateLimited(settings: RateLimitSettings, method: string, route: string): boolean {
  return RULES.some((r) => r.method === method && r.route === route && settings.limits[r.bucket] > 0);
}

export function rateLimitSettings(config: Config): RateLimitSettings {
  return {
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    limits: {
      'sign-in': config.RATE_LIMIT_SIGN_IN,
      search: config.RATE_LIMIT_SEARCH,
      odata: config.RATE_LIMIT_ODATA,
      events: config.RATE_LIMIT_EVENTS,
      ref: config.RATE_LIMIT_REF,
    },
  };
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface TokenBuckets {
  /** Takes one token; returns 0 when allowed, else the whole seconds until one is available. */
  take(key: string, now?: number): number;
  readonly size: number;
}

export function tokenBuckets(limit: number, windowSeconds: number, maxKeys = 100_000): TokenBuckets {
  const perMs = limit / (windowSeconds * 1000);
  const buckets = new Map<string, Bucket>();
  return {
    take(key, now = Date.now()) {
      const previous = buckets.get(key);
      const tokens = previous ? Math.min(limit, previous.tokens + (now - previous.at) * perMs) : limit;
      // Re-insert so the Map's first key is always the least recently seen one.
      buckets.delete(key);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: now });
        if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
        return 0;
      }
      buckets.set(key, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * The route a request will run. Fastify has matched it already when onRequest hooks run (its router
 * decodes percent-encoding, ignores a trailing slash here, and is case-sensitive), so its pattern is
 * exact. Requests for the development provider match no Fastify route: its own router decides, and
 * `mountedRoute` (idp/mount.ts mountedProviderRoute, handed in by app.ts) names the route it will take.
 */
export function routeOf(
  request: FastifyRequest,
  mountedRoute: (url: string) => string | undefined = () => undefined,
): string | undefined {
  return request.routeOptions.url ?? mountedRoute(request.raw.url ?? request.url);
}

/**
 * Register before anything that hijacks requests (the /idp mount): root onRequest hooks run in order.
 * `onLimited` lets metrics count refusals.
 */
export function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  onLimited: (bucket: BucketName) => void = () => undefined,
  mountedRoute?: (url: string) => string | undefined,
): void {
  const buckets = new Map<BucketName, TokenBuckets>();
  for (const [bucket, limit] of Object.entries(settings.limits) as [BucketName, number][])
    if (limit > 0) buckets.set(bucket, tokenBuckets(limit, settings.windowSeconds, settings.maxKeys));
  if (buckets.size === 0) return;
  app.addHook('onRequest', async (request) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = routeOf(request, mountedRoute);
    const rule = route === undefined ? undefined : RULES.find((r) => r.method === method && r.route === route);
    const limiter = rule && buckets.get(rule.bucket);
    if (!rule || !limiter) return;
    const retryAfter = limiter.take(request.ip);
    if (retryAfter > 0) {
      onLimited(rule.bucket);
      throw rateLimited(retryAfter);
    }
  });
}
