import type { ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError, invalidField } from './errors.ts';

/*
 * The HTTP server below Fastify: how long a slow client may take, and the answers Node and Fastify give
 * before any route runs (a malformed request line, headers over 16 KB, a request too slow to arrive, a
 * URL that does not decode, a path parameter over 100 characters), written in the API's one error shape
 * instead of their own bodies (or none).
 */

/** Fastify's maxParamLength default, named here because the 414 message states it. */
const MAX_PARAM_LENGTH = 100;

export type ServerOptions = Pick<
  FastifyServerOptions,
  | 'requestTimeout'
  | 'connectionTimeout'
  | 'keepAliveTimeout'
  | 'return503OnClosing'
  | 'frameworkErrors'
  | 'clientErrorHandler'
  | 'rewriteUrl'
> & { http: HttpServerOptions };

export function serverOptions(config: Config): ServerOptions {
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  return {
    // Node checks these two deadlines on a sweep (30 s by default, which would let a 10 s deadline run to
    // 40 s): sweep often enough that a deadline holds to within a quarter of the shorter one, at most 1 s.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
      // An HTTP/1.1 request without Host gets Node's bare 400; answered by checkHostHeader instead.
      requireHostHeader: false,
    },
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // A socket with no traffic either way (a client that stopped reading, a half-open connection).
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    // While closing, registerClosingAnswer says 503 in the error shape instead of Fastify's own body.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    rewriteUrl: (request) => originForm(request.url ?? '/'),
  };
}

const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * The request target in origin form (issue 34). HTTP/1.1 lets a client send the absolute form
 * (`GET http://other.example/stocks/X HTTP/1.1`, RFC 9112 3.2.2); left as it is, every path read from the
 * URL carried the other host (canonical links like `http://localhost:3000http://other.example/...`). The
 * authority in the line is dropped: this server answers for its own origin, whatever host it names.
 */
export function originForm(url: string): string {
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'uri_too_long', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`)
      : error.code === 'FST_ERR_BAD_URL'
        ? invalidField('path', 'is not a valid URL: bad percent-encoding', 'params')
        : new ApiError(500, 'internal_error', 'Internal server error');
  if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  void reply.status(apiError.status).send(apiError.toBody());
}

/** The answer for a request Node could not read, by the parser's or the server's error code. */
export function clientErrorAnswer(code: string): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request did not arrive in time');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'headers_too_large', 'The URL and headers are larger than 16 KB');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'payload_too_large', 'Request body chunk extensions too large');
    default:
      return new ApiError(400, 'validation_error', 'Malformed HTTP request');
  }
}

/**
 * Node's 'clientError': no request or response object exists, so the answer is written to the socket.
 * As Node's own handler does, nothing is written when the connection is gone or an answer to this
 * request has started (its headers sent): that would corrupt what the client reads.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const answer = clientErrorAnswer(error.code ?? '');
    const body = JSON.stringify(answer.toBody());
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_TEXT[answer.status] ?? 'Error'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/**
 * Answers Node gives by itself once a request is read, and the shutting-down 503, in the error shape:
 * an `Expect` other than 100-continue (Node's bare 417), an HTTP/1.1 request without Host (RFC 9112 3.2:
 * 400), and requests that arrive on a kept-alive connection while the server closes.
 */
export function registerConnectionAnswers(app: FastifyInstance): void {
  app.server.on('checkExpectation', (_request, response) => {
    const body = JSON.stringify(
      new ApiError(417, 'validation_error', 'Invalid header "expect": only 100-continue is supported', {
        field: 'expect',
        location: 'headers',
        issues: [{ path: 'expect', message: 'only 100-continue is supported' }],
      }).toBody(),
    );
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new ApiError(503, 'service_unavailable', 'The server is shutting down; try again', undefined, {
        'retry-after': '1',
      });
    }
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw invalidField('host', 'is required with HTTP/1.1', 'headers');
  });
}
