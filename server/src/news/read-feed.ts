import { discoverFeedUrl } from './discover.ts';
import { type ParsedFeed, parseFeed } from './parse-feed.ts';
import { type Conditional, FEED_MEDIA_TYPES, type SafeFetchOptions, safeFetch } from './safe-fetch.ts';

/*
 * One feed fetched and read: what a feed reader thread (feed-worker.ts) does for the refresher. Nothing
 * here runs on the server's event loop; the job and its answer cross threads, so both are plain data.
 */

/** Fetch settings as they cross to the thread (no function: DNS is resolved there by the system). */
export type FetchSettings = Omit<SafeFetchOptions, 'accept' | 'resolve'>;

export type FeedJob =
  /** Fetch `url` (conditionally) and read it; `page`: the URL may be a web page announcing its feed. */
  | { kind: 'fetch'; url: string; page: boolean; conditional: Conditional; fetch: FetchSettings }
  /** Read a document made in process (the demo feeds). */
  | { kind: 'parse'; url: string; body: string };

export type FeedRead =
  | { status: 'not-modified' }
  | { status: 'ok'; feed: ParsedFeed; etag: string | null; lastModified: string | null };

/** Messages between the refresher and a reader thread. */
export interface ReaderRequest {
  id: number;
  job: FeedJob;
}
export type ReaderReply =
  /** The document has arrived and is being read: the reading deadline starts. */
  { id: number; phase: 'reading' } | { id: number; read: FeedRead } | { id: number; error: string };

/** Fetches a page announcing its feed and the feed it announces: the fetch deadline counts twice. */
export function fetchesOf(job: FeedJob): number {
  return job.kind === 'parse' ? 0 : job.page ? 2 : 1;
}

export async function readFeed(job: FeedJob, reading: () => void = () => undefined): Promise<FeedRead> {
  if (job.kind === 'parse') {
    reading();
    return { status: 'ok', feed: parseFeed(job.body, job.url), etag: null, lastModified: null };
  }
  // A company link is usually a web page: accept HTML there and follow the feed it announces.
  const accept = job.page ? [...FEED_MEDIA_TYPES, 'text/html', 'application/xhtml+xml'] : FEED_MEDIA_TYPES;
  const result = await safeFetch(job.url, job.conditional, { ...job.fetch, accept });
  if (result.status === 'not-modified') return { status: 'not-modified' };
  if (result.mediaType !== 'text/html' && result.mediaType !== 'application/xhtml+xml') {
    reading();
    const feed = parseFeed(result.body, result.url);
    return { status: 'ok', feed, etag: result.etag, lastModified: result.lastModified };
  }
  const discovered = discoverFeedUrl(result.body, result.url);
  if (!discovered) throw new Error('the page announces no feed');
  const feedResult = await safeFetch(discovered, {}, { ...job.fetch, accept: FEED_MEDIA_TYPES });
  if (feedResult.status !== 'ok') throw new Error('feed not modified without a conditional request');
  reading();
  // The page's validators would hide changes of the feed behind it: keep none for a discovered feed.
  return { status: 'ok', feed: parseFeed(feedResult.body, feedResult.url), etag: null, lastModified: null };
}
