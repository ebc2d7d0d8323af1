import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, getJson, setAuthHeaders, setAuthRecheck } from './client.ts';

function respond(status: number, body?: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(status === 204 ? null : text, { status }));
}

describe('the API client (spec 7)', () => {
  beforeEach(() => {
    setAuthRecheck(null);
    setAuthHeaders(() => ({}));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns null for a 204', async () => {
    vi.stubGlobal('fetch', respond(204));
    expect(await apiRequest('/api/x')).toBeNull();
  });

  it('returns the parsed JSON otherwise', async () => {
    vi.stubGlobal('fetch', respond(200, { a: 1 }));
    expect(await apiRequest('/api/x')).toEqual({ a: 1 });
  });

  it("throws 'Invalid status: {code}' with the status, the response and the parsed body", async () => {
    const body = { error: { code: 'ticker_not_found', message: 'Unknown ticker "X"' } };
    vi.stubGlobal('fetch', respond(404, body));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const apiError = error as ApiRequestError;
    expect(apiError.message).toBe('Invalid status: 404');
    expect(apiError.status).toBe(404);
    expect(apiError.response).toBeInstanceOf(Response);
    expect(apiError.body).toEqual(body);
    expect(apiError.code).toBe('ticker_not_found');
  });

  it('keeps a non-JSON error body as text', async () => {
    vi.stubGlobal('fetch', respond(502, 'Bad Gateway'));
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.body).toBe('Bad Gateway');
  });

  it('sends JSON bodies, query parameters and the registered auth header', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    setAuthHeaders(() => ({ authorization: 'Bearer t0k' }));
    await apiRequest('/api/ref', { method: 'PUT', body: { ref: 'abc' }, query: { a: 'x y', skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ref?a=x+y');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"ref":"abc"}');
    expect(init.headers).toMatchObject({ authorization: 'Bearer t0k', 'content-type': 'application/json' });
  });

  it('runs one auth re-check at a time for many 401s', async () => {
    vi.stubGlobal('fetch', respond(401, { error: { code: 'unauthorized', message: 'no' } }));
    let release: () => void = () => undefined;
    const recheck = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    setAuthRecheck(recheck);
    await Promise.allSettled([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(recheck).toHaveBeenCalledTimes(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await apiRequest('/d').catch(() => undefined);
    expect(recheck).toHaveBeenCalledTimes(2);
  });

  it('does not re-check auth for other errors', async () => {
    vi.stubGlobal('fetch', respond(403, {}));
    const recheck = vi.fn(async () => undefined);
    setAuthRecheck(recheck);
    await apiRequest('/a').catch(() => undefined);
    expect(recheck).not.toHaveBeenCalled();
  });

  it('getJson: a GET with the query and the abort signal, answering the parsed body', async () => {
    const fetchMock = respond(200, { series: [] });
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    expect(await getJson('/api/data/chart/price', { tickers: 'ACME', from: null }, controller.signal)).toEqual({
      series: [],
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/chart/price?tickers=ACME');
    expect(init.method).toBe('GET');
    expect(init.signal).toBe(controller.signal);
  });

  it('getJson: a data call answering without a body is an error naming the path', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(getJson('/api/data/company', { ticker: 'ACME' })).rejects.toThrow(
      '/api/data/company answered with no body',
    );
  });

  it("getJson: a non-OK answer is the client's ApiRequestError", async () => {
    vi.stubGlobal('fetch', respond(404, { error: { code: 'ticker_not_found', message: 'Unknown ticker' } }));
    const error = await getJson('/api/data/company', { ticker: 'NOPE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('ticker_not_found');
  });
});
