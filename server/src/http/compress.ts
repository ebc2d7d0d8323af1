import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * Response compression (issue 20). Three paths, so that nothing is compressed twice:
 * - the built web app's files are compressed at build (scripts/build.mjs writes .br and .gz beside them)
 *   and @fastify/static picks the file by Accept-Encoding (web/static.ts);
 * - a data answer is compressed by the data cache (data-cache.ts), which stores the compressed bytes with
 *   the answer: a cache hit sends them as they are;
 * - anything else written as text or bytes (pages, the other API answers) is compressed here on the fly.
 * Every compressible answer says `Vary: Accept-Encoding`, so a CDN keeps the raw and compressed variants
 * apart; an ETag names its variant (etagOf), so a validator never matches another encoding's bytes.
 */
export type ContentCoding = 'br' | 'gzip';

/** Smaller bodies gain little (a few hundred bytes) and cost a compression each. */
export const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/*
 * On the fly a request waits for the compression: brotli 1 and gzip 4. On the largest answers a stock page
 * asks for, brotli 1 comes within a few per cent of brotli 2's bytes for about half its CPU time, and the
 * CPU is what concurrent callers queue for (the figures: docs/performance.md, "Compression level").
 * The build compresses files at the highest levels.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 4;

let compressions = 0;

/** How many bodies this process has compressed on the fly (tests count that a cache hit adds none). */
export function compressionCount(): number {
  return compressions;
}

/** Compresses off the main thread (zlib's thread pool): the event loop keeps serving meanwhile. */
export function compress(body: Buffer | string, coding: ContentCoding): Promise<Buffer> {
  compressions++;
  if (coding === 'br')
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  return gzipAsync(body, { level: GZIP_LEVEL });
}

const negotiated = new Map<string, ContentCoding | null>();

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 12.5.3): br when acceptable, else gzip, else
 * none. A coding with q=0 is refused; `*` stands for any coding not named. Browsers send a handful of
 * distinct headers, so answers are remembered (bounded).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  const known = negotiated.get(text);
  if (known !== undefined) return known;
  const weights = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  const chosen: ContentCoding | null = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : null;
  if (negotiated.size >= 256) negotiated.clear();
  negotiated.set(text, chosen);
  return chosen;
}

/** The ETag of one encoding's variant: `"v-tag"` -> `"v-tag-br"` (weak tags stay weak). */
export function etagOf(etag: string, coding: ContentCoding | null): string {
  if (!coding) return etag;
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : `${etag}-${coding}`;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/** `Vary` with Accept-Encoding added once to whatever it already named. */
export function varyOnEncoding(current: unknown): string {
  const named = typeof current === 'string' && current ? current : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(named)) return named;
  return named ? `${named}, Accept-Encoding` : 'Accept-Encoding';
}

/** Requests whose route encodes its answer itself (the data cache): the hook below leaves them alone. */
const encodedByRoute = new WeakSet<FastifyRequest>();
export function encodesItself(request: FastifyRequest): void {
  encodedByRoute.add(request);
}

/** On-the-fly compression of every other text answer: pages, API answers, docs. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (encodedByRoute.has(request) || reply.hasHeader('content-encoding')) return payload;
    if (!isCompressible(reply.getHeader('content-type'))) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    // Streams are files: the built app's are compressed at build and sent with their encoding set.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const body = await compress(payload, coding);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string') reply.header('etag', etagOf(etag, coding));
    return body;
  });
}
