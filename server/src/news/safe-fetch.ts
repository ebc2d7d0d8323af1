import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { classifyAddress, isAllowedAddress } from './address-guard.ts';
import { decodeFeed } from './decode-feed.ts';

/*
 * The one way the server fetches a URL it was given (feeds, company links): safe against server-side
 * request forgery. http/https only, no credentials in the URL, DNS resolved here and every address
 * checked, the connection made to exactly the addresses checked (no second lookup, so no DNS-rebinding
 * gap), the same checks on each redirect (at most 3), one deadline for the whole fetch, a size cap on
 * the decompressed body and a content-type check.
 */

export interface SafeFetchOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** Media types accepted (exact, lower case); '+xml' accepts any structured XML type. */
  accept: readonly string[];
  userAgent?: string;
  /** DNS resolution; tests replace it to simulate hostnames that point at private addresses. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export interface Conditional {
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchResult =
  | { status: 'not-modified'; url: string }
  | {
      status: 'ok';
      url: string;
      body: string;
      mediaType: string;
      etag: string | null;
      lastModified: string | null;
    };

export type FetchErrorKind = 'refused' | 'http' | 'timeout' | 'too-large' | 'content-type' | 'network';

export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export const FEED_MEDIA_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
  'application/x-rss+xml',
  '+xml',
] as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Refuse a URL before any network activity: scheme, credentials, and a sane host. */
export function checkUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchError('refused', 'not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('refused', 'only http and https');
  if (url.username || url.password) throw new FetchError('refused', 'credentials in the URL are not allowed');
  if (!url.hostname) throw new FetchError('refused', 'no host');
  return url;
}

export async function safeFetch(
  input: string,
  conditional: Conditional,
  options: SafeFetchOptions,
): Promise<FetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  let url = checkUrl(input);
  for (let redirects = 0; ; redirects++) {
    const addresses = await allowedAddresses(url, options);
    const response = await send(url, addresses, conditional, options, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new FetchError('http', `HTTP ${status} without a Location`);
      if (redirects >= maxRedirects) throw new FetchError('refused', `more than ${maxRedirects} redirects`);
      url = checkUrl(new URL(location, url));
      continue;
    }
    if (status === 304) {
      response.resume();
      return { status: 'not-modified', url: url.href };
    }
    if (status !== 200) {
      response.resume();
      throw new FetchError('http', `HTTP ${status}`);
    }
    const contentType = response.headers['content-type'] ?? '';
    const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
    if (!acceptable(mediaType, options.accept)) {
      response.resume();
      throw new FetchError('content-type', `unexpected content type "${mediaType || '(none)'}"`);
    }
    const bytes = await readCapped(response, options.maxBytes, signal);
    return {
      status: 'ok',
      url: url.href,
      body: decodeFeed(bytes, contentType),
      mediaType,
      etag: header(response, 'etag'),
      lastModified: header(response, 'last-modified'),
    };
  }
}

function acceptable(mediaType: string, accept: readonly string[]): boolean {
  return accept.includes(mediaType) || (accept.includes('+xml') && mediaType.endsWith('+xml'));
}

async function allowedAddresses(url: URL, options: SafeFetchOptions): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new FetchError('network', `cannot resolve ${host}`);
    }
  }
  if (addresses.length === 0) throw new FetchError('network', `cannot resolve ${host}`);
  // One bad address refuses the host: a name that also points inside is not a public feed.
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, options.allowLoopback)) {
      throw new FetchError('refused', `${host} resolves to a ${classifyAddress(address)} address (${address})`);
    }
  }
  return addresses;
}

const defaultResolve = (host: string) => dns.lookup(host, { all: true, verbatim: true });

function send(
  url: URL,
  addresses: LookupAddress[],
  conditional: Conditional,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The socket connects to the addresses checked above, never to a fresh DNS answer.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    const first = addresses[0] as LookupAddress;
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': options.userAgent ?? 'Ledgerlight feed reader',
  };
  if (conditional.etag) headers['if-none-match'] = conditional.etag;
  if (conditional.lastModified) headers['if-modified-since'] = conditional.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'GET', headers, lookup, signal, agent: false }, resolve);
    request.on('error', (error) => reject(asFetchError(error, signal)));
    request.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchError('too-large', `body larger than ${maxBytes} bytes`);
  }
  const stream = decompressed(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      // Counted after decompression, so a small gzip bomb is cut off too.
      if (size > maxBytes) throw new FetchError('too-large', `body larger than ${maxBytes} bytes`);
      chunks.push(buffer);
    }
  } catch (error) {
    response.destroy();
    stream.destroy();
    throw asFetchError(error, signal);
  }
  return Buffer.concat(chunks);
}

function decompressed(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return typeof value === 'string' && value.length <= 512 ? value : null;
}

function asFetchError(error: unknown, signal: AbortSignal): FetchError {
  if (error instanceof FetchError) return error;
  if (signal.aborted) return new FetchError('timeout', 'timed out');
  const code = (error as { code?: string }).code;
  return new FetchError('network', code ?? (error instanceof Error ? error.message : 'network error'));
}
