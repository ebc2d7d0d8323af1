/*
 * The one API client (spec 7): 204 -> null; otherwise the JSON body; a non-OK response throws
 * ApiRequestError('Invalid status: {code}') carrying the status, the response and the parsed body.
 * A 401 also asks for an auth re-check, at most one at a time (spec 4, spec 8).
 */

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly response: Response,
    readonly body: unknown,
  ) {
    super(`Invalid status: ${status}`);
    this.name = 'ApiRequestError';
  }

  /** The API's stable error code ({"error":{"code"}}), when the body has one. */
  get code(): string | undefined {
    const error = (this.body as { error?: { code?: unknown } } | null)?.error;
    return typeof error?.code === 'string' ? error.code : undefined;
  }
}

type AuthRecheck = () => Promise<void>;
type HeaderSource = () => Record<string, string>;

let authRecheck: AuthRecheck | null = null;
let recheckInFlight: Promise<void> | null = null;
let authHeaders: HeaderSource = () => ({});

/** The sign-in modules register how to re-check auth after a 401. */
export function setAuthRecheck(hook: AuthRecheck | null): void {
  authRecheck = hook;
}

/** The sign-in modules register the headers every later call carries (the bearer token). */
export function setAuthHeaders(source: HeaderSource): void {
  authHeaders = source;
}

/** Runs the re-check hook unless one is already running; callers share the running one. */
export function requestAuthRecheck(): Promise<void> {
  if (!authRecheck) return Promise.resolve();
  if (!recheckInFlight) {
    const hook = authRecheck;
    recheckInFlight = (async () => {
      try {
        await hook();
      } catch {
        // A failed re-check leaves the auth state as the hook set it; the caller already has its 401.
      } finally {
        recheckInFlight = null;
      }
    })();
  }
  return recheckInFlight;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send cookies (wallet session) with the request; same-origin by default. */
  credentials?: RequestCredentials;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(), ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: options.credentials ?? 'same-origin',
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), init);
  if (response.status === 204) return null;
  const body = await parseBody(response);
  if (!response.ok) {
    if (response.status === 401) void requestAuthRecheck();
    throw new ApiRequestError(response.status, response, body);
  }
  return body as T;
}

/**
 * A GET whose answer must have a body: the data calls' fetcher for TanStack Query (the query's abort
 * signal passed through). A body-less answer (204) is an error there, as a data call always answers JSON.
 */
export async function getJson<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<T> {
  const body = await apiRequest<T>(path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
  if (body === null) throw new Error(`${path} answered with no body`);
  return body;
}
