import { z } from 'zod';

/** Stable machine-readable error codes. A client may branch on these; never rename one. */
export const errorCodes = [
  'validation_error',
  'not_found',
  'ticker_not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  'internal_error',
  // Answers of the HTTP layer (status 405, 408, 414, 431).
  'method_not_allowed',
  'request_timeout',
  'uri_too_long',
  'headers_too_large',
] as const;
export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

/** The one error body of the whole API (conventions: errors and input). */
export const errorBody = z
  .object({
    error: z.object({
      code: errorCode,
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({
    id: 'ErrorBody',
    description: 'Every non-2xx response of the API has this shape.',
    example: {
      error: {
        code: 'validation_error',
        message: 'Invalid query parameter "from": expected a date as YYYY-MM-DD',
        details: { field: 'from', location: 'query' },
      },
    },
  });
export type ErrorBody = z.infer<typeof errorBody>;

/** details of a validation_error: which field, where it was, and what was wrong with it. */
export const validationDetails = z.object({
  field: z.string(),
  location: z.enum(['query', 'body', 'params', 'headers']),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationDetails = z.infer<typeof validationDetails>;
