import type { ErrorBody, ErrorCode, ValidationDetails } from '@app/contract';

/** An error the API means to send: status, stable code, a message for people, optional details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

type Location = ValidationDetails['location'];

/** 400 for one bad field, named in the message and the details. */
export function invalidField(field: string, message: string, location: Location = 'query'): ApiError {
  const details: ValidationDetails = { field, location, issues: [{ path: field, message }] };
  return new ApiError(400, 'validation_error', `Invalid ${describe(location)} "${field}": ${message}`, details);
}

export function describe(location: Location): string {
  switch (location) {
    case 'query':
      return 'query parameter';
    case 'body':
      return 'body field';
    case 'params':
      return 'path parameter';
    case 'headers':
      return 'header';
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);

export const tickerNotFound = (ticker: string) =>
  new ApiError(404, 'ticker_not_found', `Unknown ticker "${ticker}"`, { ticker });

export const unauthorized = (message = 'Sign-in required') => new ApiError(401, 'unauthorized', message);

export const forbidden = (message = 'Not allowed') => new ApiError(403, 'forbidden', message);

export const conflict = (message: string, details?: unknown) => new ApiError(409, 'conflict', message, details);

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limited', `Too many requests; retry in ${retryAfterSeconds} s`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const serviceUnavailable = (message = 'Service temporarily unavailable') =>
  new ApiError(503, 'service_unavailable', message, undefined, { 'retry-after': '5' });

/**
 * A write that could not get the database's write lock within its wait (SQLite's busy timeout while a
 * load or another instance writes; PostgreSQL's lock timeout or a deadlock): the same request will most
 * likely go through a moment later (issue 45).
 */
export const databaseBusy = () =>
  new ApiError(
    503,
    'service_unavailable',
    'The database is busy with other writes (a data load may be running); try again in a moment',
    { reason: 'database_busy' },
    { 'retry-after': '2' },
  );

export const internalError = () => new ApiError(500, 'internal_error', 'Internal server error');
