import type { ValidationDetails } from '@app/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/busy.ts';
import { noteWriteError } from '../db/storage-health.ts';
import { ApiError, databaseBusy, describe, internalError, notFound, serviceUnavailable } from './errors.ts';

type Location = ValidationDetails['location'];
const LOCATIONS: Record<string, Location> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/** Turn whatever was thrown into the one error body; never a stack trace, never a 500 for bad input. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = LOCATIONS[(error as { validationContext?: string }).validationContext ?? ''] ?? 'query';
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0] ?? { path: '', message: 'is invalid' };
    const field = first.path || '(root)';
    const details: ValidationDetails = { field, location, issues };
    return new ApiError(400, 'validation_error', `Invalid ${describe(location)} "${field}": ${first.message}`, details);
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (isDatabaseUnavailable(error)) return serviceUnavailable('The database is not answering; try again shortly');
  // A write that found the write lock held past its wait (issue 45): 503 with Retry-After, never a 500.
  if (isDatabaseBusy(error)) return databaseBusy();
  // A write that failed for a full disk (issue 34): 503, and /readyz says so until there is room.
  if (noteWriteError(error)) return storageFull();
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return notFound(fastifyError.message);
    if (status === 413) return new ApiError(413, 'payload_too_large', 'Request body too large');
    if (status === 415)
      return new ApiError(415, 'unsupported_media_type', fastifyError.message ?? 'Unsupported media type');
    if (status === 429) return new ApiError(429, 'rate_limited', fastifyError.message ?? 'Too many requests');
    if (status === 408) return new ApiError(408, 'request_timeout', 'The request did not arrive in time');
    if (status === 414) return new ApiError(414, 'uri_too_long', fastifyError.message ?? 'URI too long');
    if (status === 431) return new ApiError(431, 'headers_too_large', fastifyError.message ?? 'Headers too large');
    return new ApiError(400, 'validation_error', fastifyError.message ?? 'Bad request');
  }
  return internalError();
}

const storageFull = () =>
  new ApiError(
    503,
    'service_unavailable',
    "The server's disk is full; nothing can be saved until there is room",
    { reason: 'storage_full' },
    { 'retry-after': '30' },
  );

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

/**
 * 405 with Allow for a path that has routes, only for other methods. Fastify's router answers those with
 * its 404 handler; the patterns kept here (from onRoute, so register this before any route) tell the two
 * apart. Only unmatched requests pay for the scan.
 */
function registerMethodNotAllowed(app: FastifyInstance): void {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    let entry = routes.get(route.url);
    if (!entry) {
      entry = { pattern: routePattern(route.url), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== undefined) return;
    const path = routerPath(request.url);
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes.values())
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    if (allowed.size === 0 || allowed.has(request.method)) return;
    const allow = [...allowed].sort().join(', ');
    reply.header('allow', allow);
    throw new ApiError(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allow}`);
  });
}

/** A Fastify route URL as a regular expression: `:name` one segment, `*` the rest. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[^/]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source.length > 1 ? source.replace(/\/$/, '') : source}$`);
}

/** The path as the router matches it: decoded, without the query or a trailing slash. */
function routerPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // Not decodable: the router refused it already (FST_ERR_BAD_URL); match it as it is.
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function registerErrorHandling(app: FastifyInstance): void {
  registerMethodNotAllowed(app);
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, message: apiError.message }, 'request rejected');
    void reply.status(apiError.status).headers(apiError.headers).send(apiError.toBody());
  });
}
