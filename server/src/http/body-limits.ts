import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/*
 * Bounded request bodies (issue 34). Each route that takes a body accepts what it needs and no more: past
 * its limit Fastify stops reading (Content-Length is checked before a byte is read) and the error handler
 * answers 413 payload_too_large. JSON nesting is bounded before JSON.parse runs: a deeply nested
 * `[[[...]]]` holds the event loop while it parses; a linear scan of the raw text costs a fraction of
 * that, and the scan stops at the first level too deep.
 */

/** Any route not named below (the chart's POST variants: up to 500 tickers). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Per route, `METHOD /pattern` as registered. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // An event: a name, a path of up to 2,048 characters and a few short props.
  'POST /api/events': 8 * 1024,
  'PUT /api/ref': 1024,
  // The signed message's token (up to 8,000 characters) and a signature (up to 20,000: contract wallets).
  'POST /api/auth/wallet/verify-login': 32 * 1024,
  'POST /api/auth/wallet/clear-login': 1024,
  // 100 tickers.
  'PUT /api/me/watchlist': 4 * 1024,
};

/** Arrays and objects inside one another; no body of the API goes past 3. */
export const MAX_JSON_DEPTH = 8;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (strings are
 * skipped, with their escapes); stops and returns as soon as the depth passes `limit`.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

export const tooDeep = (limit: number) =>
  new ApiError(400, 'validation_error', `Invalid body field "(root)": JSON nested deeper than ${limit} levels`, {
    field: '(root)',
    location: 'body',
    issues: [{ path: '', message: `JSON nested deeper than ${limit} levels` }],
  });

/**
 * Register before any route: sets each route's bodyLimit (unless it set its own), and replaces the JSON
 * parser by one that refuses a body nested past MAX_JSON_DEPTH before parsing it. The parse itself is
 * Fastify's (prototype poisoning refused as before).
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    for (const method of [route.method].flat()) {
      const limit = BODY_LIMITS[`${method} ${route.url}`];
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(tooDeep(MAX_JSON_DEPTH), undefined);
      return;
    }
    void parse(request, body as string, done);
  });
}
