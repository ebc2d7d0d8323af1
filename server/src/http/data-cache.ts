import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/index.ts';
import { readDataVersion } from '../db/meta.ts';
import {
  COMPRESS_THRESHOLD,
  type ContentCoding,
  compress,
  encodesItself,
  etagOf,
  negotiateEncoding,
  varyOnEncoding,
} from './compress.ts';

/*
 * The speed layer of every GET /api/data/* call (issue 4, "Speed"). Market data only changes when an
 * ingest run bumps the data version (db/meta.ts), so a response is a pure function of
 * (data version, path, query): it gets an ETag from them, a 304 when the client already has it,
 * Cache-Control a CDN may act on, and a bounded in-process LRU (lru-cache) serves repeats without touching SQL.
 * Answers are compressed here (br or gzip by Accept-Encoding, http/compress.ts) and a stored answer keeps
 * each encoding's bytes once made: a hit sends stored bytes, compressing nothing. Each encoding is its own
 * variant with its own ETag (`"v-tag-br"`), and every answer says `Vary: Accept-Encoding`.
 *
 * Use: app.get(path, { schema, ...dataCache(database).hooks }, handler)
 */
export interface DataCacheOptions {
  /** How long the data version read from the database is trusted: another process may bump it. */
  versionTtlMs: number;
  maxEntries: number;
  maxBytes: number;
  cacheControl: string;
  /**
   * A response is stored from the n-th request for it on (2: the second). Most distinct URLs are asked
   * once (a long tail of tickers and ranges); storing each of those as a 100 kB buffer only to evict it
   * unread churned the memory limit and brought on a full garbage collection every few seconds, which
   * stalled every request in flight (docs/performance.md). URLs asked once are remembered
   * by key only, up to 4 x maxEntries of them.
   */
  admitAfter: number;
}

export const defaultDataCacheOptions: DataCacheOptions = {
  versionTtlMs: 1000,
  maxEntries: 2000,
  maxBytes: 64 * 1024 * 1024,
  // Browsers revalidate after a minute (a cheap 304); a CDN keeps it 10 minutes and may serve a stale copy
  // for a day while it refetches: data changes at most a few times a day.
  cacheControl: 'public, max-age=60, s-maxage=600, stale-while-revalidate=86400',
  admitAfter: 2,
};

interface Entry {
  /** The answer as written (identity), and each encoding's bytes once a request asked for it. */
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  bytes: number;
  /** The route pattern that answered (metrics and rate limits of an answer given before routing). */
  route: string;
}

/** A URL's cache key and ETag, made for one data version. */
interface Identity {
  version: number;
  key: string;
  etag: string;
}

interface Pending extends Identity {
  /** Asked often enough to be stored (admitAfter). */
  store: boolean;
  /** The encoding the request accepts (br, then gzip), null for none. */
  coding: ContentCoding | null;
}

export interface DataCache {
  hooks: {
    /** Resolves to the reply when it answered (304 or a stored copy): an async hook must return it, or Fastify runs the handler anyway. */
    onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
    /**
     * Data responses are large (a 10-year chart is ~2,500 points) and their shape is fixed by the typed
     * presenters; running zod over them on every request cost ~25 % of an uncached price call. The
     * response schema still documents the route (OpenAPI), and the contract tests parse real responses.
     */
    serializerCompiler: () => (data: unknown) => string;
  };
  /** Drop every stored response and the remembered data version (tests, or after an in-process ingest). */
  clear(): void;
  readonly size: number;
}

const caches = new WeakMap<Database, DataCache>();

/** The data version a request's answer is made for (its ETag's), set on a miss: read replicas route on it. */
const answerVersions = new WeakMap<FastifyRequest, number>();
export function answerVersionOf(request: FastifyRequest): number | undefined {
  return answerVersions.get(request);
}

/** A hit's headers, whichever way it goes out: the entry's type, its variant's tag and coding. */
function hitHeaders(etag: string, entry: Entry, coding: ContentCoding | null, cacheControl: string) {
  const headers: Record<string, string> = {
    etag: etagOf(etag, coding),
    'cache-control': cacheControl,
    'content-type': entry.contentType,
    vary: 'Accept-Encoding',
    'x-cache': 'hit',
  };
  if (coding) headers['content-encoding'] = coding;
  return headers;
}

const plainJson = (data: unknown): string => JSON.stringify(data);

/*
 * The code's own fingerprint goes into every ETag: after a deploy that changes a response's shape, a
 * browser must not get a 304 for the old body. In the built server this module is inside the one bundle,
 * so any code change changes it; every instance of one build computes the same value.
 */
const codeVersion = (() => {
  try {
    return createHash('sha1')
      .update(fs.readFileSync(fileURLToPath(import.meta.url)))
      .digest('base64url')
      .slice(0, 8);
  } catch {
    return 'dev';
  }
})();

/** The cache of one database: created on first use, shared by every route that asks for it. */
export function dataCache(database: Database, options: Partial<DataCacheOptions> = {}): DataCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createDataCache(() => readDataVersion(database.db), { ...defaultDataCacheOptions, ...options });
    caches.set(database, cache);
  }
  return cache;
}

export function createDataCache(readVersion: () => Promise<number>, options: DataCacheOptions): DataCache {
  // Least recently used within both limits, an answer's bytes its size (each encoding kept adds to it); an
  // answer over a quarter of the memory limit is never stored.
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes / 4,
    sizeCalculation: (entry) => entry.bytes,
  });
  /** Keys asked for but not stored yet, with how many times (admitAfter). */
  const seen = new LRUCache<string, number>({ max: options.maxEntries * 4 });
  const pending = new WeakMap<FastifyRequest, Pending>();
  let version: { value: number; readAt: number } | undefined;
  let versionRead: Promise<number> | undefined;

  async function currentVersion(): Promise<number> {
    if (version && Date.now() - version.readAt < options.versionTtlMs) return version.value;
    // One read at a time: a burst of requests after expiry shares it.
    versionRead ??= readVersion()
      .then((value) => {
        if (version && version.value !== value) clearEntries();
        version = { value, readAt: Date.now() };
        return value;
      })
      .catch((error: unknown) => {
        // The database is unreachable: keep answering from memory with the last version we saw.
        if (version) return version.value;
        throw error;
      })
      .finally(() => {
        versionRead = undefined;
      });
    return versionRead;
  }

  /**
   * The cache key and ETag of the URLs whose answers are stored, by raw URL: a repeat (what the cache
   * answers) skips parsing, sorting and hashing its query again. Only stored answers are remembered so:
   * for the long tail of URLs asked once, an identity kept for a while and then dropped would be garbage
   * promoted to the old generation, which brought full collections every few seconds under load.
   */
  const identities = new LRUCache<string, Identity>({ max: options.maxEntries });
  function identify(url: string, dataVersion: number): Identity {
    const known = identities.get(url);
    // An identity is good for the data version it was made with only.
    if (known?.version === dataVersion) return known;
    const query = normalisedQuery(url);
    const tag = createHash('sha1').update(codeVersion).update(query).digest('base64url').slice(0, 16);
    return { version: dataVersion, key: `${dataVersion}|${query}`, etag: `"${dataVersion}-${tag}"` };
  }
  function remember(url: string, identity: Identity): void {
    identities.set(url, { version: identity.version, key: identity.key, etag: identity.etag });
  }

  function clearEntries(): void {
    identities.clear();
    entries.clear();
    seen.clear();
  }

  /** Counts a miss; true when this one makes the key worth storing. */
  function admit(key: string): boolean {
    const count = (seen.get(key) ?? 0) + 1;
    if (count >= options.admitAfter) {
      seen.delete(key);
      return true;
    }
    seen.set(key, count);
    return false;
  }

  /** The entry's bytes in the encoding, compressed once and kept with it when it had none yet. */
  async function variant(key: string, entry: Entry, coding: ContentCoding | null): Promise<Buffer> {
    if (!coding || entry.body.length < COMPRESS_THRESHOLD) return entry.body;
    const kept = entry[coding];
    if (kept) return kept;
    const made = await compress(entry.body, coding);
    // Still the stored entry (not evicted or replaced meanwhile): keep the bytes with it, its size grown.
    if (entries.peek(key) === entry && !entry[coding]) {
      entry[coding] = made;
      entry.bytes += made.length;
      entries.set(key, entry);
    }
    return made;
  }

  return {
    hooks: {
      serializerCompiler: () => plainJson,
      async onRequest(request, reply) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
        encodesItself(request);
        const dataVersion = await currentVersion();
        const identity = identify(request.url, dataVersion);
        const { key } = identity;
        const coding = negotiateEncoding(request.headers['accept-encoding']);
        // Any variant's tag revalidates: the caller's copy, in whichever encoding it came, is still the answer.
        const matched = matchingVariant(request.headers['if-none-match'], identity.etag);
        if (matched) {
          return reply
            .code(304)
            .headers({ etag: matched, 'cache-control': options.cacheControl, vary: 'Accept-Encoding' })
            .send();
        }
        const hit = entries.get(key);
        if (hit) {
          const body = await variant(key, hit, coding);
          // A small answer goes out raw whatever was asked: its ETag is then the identity one.
          reply.headers(hitHeaders(identity.etag, hit, body === hit.body ? null : coding, options.cacheControl));
          return reply.send(body);
        }
        pending.set(request, { ...identity, store: admit(key), coding });
        answerVersions.set(request, dataVersion);
        return undefined;
      },
      async onSend(request, reply, payload) {
        const miss = pending.get(request);
        if (!miss) return payload;
        pending.delete(request);
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
        reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
        // Kept as bytes: a hit is then written as is, with no UTF-8 encoding of a 100 kB string each time.
        const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
        const coding = body.length < COMPRESS_THRESHOLD ? null : miss.coding;
        const sent = coding ? await compress(body, coding) : body;
        if (coding) {
          reply.header('content-encoding', coding);
          reply.removeHeader('content-length');
        }
        // Errors are compressed like answers, but neither tagged nor kept.
        if (reply.statusCode !== 200) return sent;
        reply.headers({ etag: etagOf(miss.etag, coding), 'cache-control': options.cacheControl, 'x-cache': 'miss' });
        if (miss.store && request.method === 'GET') {
          const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
          const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
          const entry: Entry = { body, contentType, bytes: body.length, route };
          if (coding) {
            entry[coding] = sent;
            entry.bytes += sent.length;
          }
          entries.set(miss.key, entry);
          remember(request.url, miss);
        }
        return sent;
      },
    },
    clear() {
      clearEntries();
      version = undefined;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * path + the query parameters sorted by name, so that ?b=1&a=2 and ?a=2&b=1 share an entry. The sort is
 * stable: repeated names keep their order, which may carry meaning.
 */
export function normalisedQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = [...new URLSearchParams(url.slice(at + 1))];
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.slice(0, at)}?${new URLSearchParams(params).toString()}`;
}

/**
 * If-None-Match: a list of (possibly weak) tags, or '*'. Weak comparison is right for GET (RFC 9110
 * 13.1.2). The tag of the answer's variant it names (identity, br or gzip), or null when none matches.
 */
function matchingVariant(header: string | undefined, etag: string): string | null {
  if (!header) return null;
  for (const tag of header.split(',')) {
    const trimmed = tag.trim().replace(/^W\//, '');
    if (trimmed === '*' || trimmed === etag) return etag;
    for (const coding of ['br', 'gzip'] as const) if (trimmed === etagOf(etag, coding)) return trimmed;
  }
  return null;
}
