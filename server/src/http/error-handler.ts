import type { ValidationDetails } from '@app/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, describe, internalError, notFound, serviceUnavailable } from './errors.ts';

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
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return notFound(fastifyError.message);
    if (status === 413) return new ApiError(413, 'payload_too_large', 'Request body too large');
    if (status === 415)
      return new ApiError(415, 'unsupported_media_type', fastifyError.message ?? 'Unsupported media type');
    if (status === 429) return new ApiError(429, 'rate_limited', fastifyError.message ?? 'Too many requests');
    return new ApiError(400, 'validation_error', fastifyError.message ?? 'Bad request');
  }
  return internalError();
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, message: apiError.message }, 'request rejected');
    void reply.status(apiError.status).headers(apiError.headers).send(apiError.toBody());
  });
}
