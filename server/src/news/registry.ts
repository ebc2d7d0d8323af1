import type { FeedKind } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { FeedOrigin } from '../db/schema.ts';
import { checkUrl } from './safe-fetch.ts';

/*
 * The feed registry: which feeds exist, of what kind and language, for which company, and where each
 * came from. The configuration file, the CLI, company links and the demo each own their origin.
 */

export interface FeedInput {
  url: string;
  kind: FeedKind;
  locale: string;
  origin: FeedOrigin;
  securityId?: number | null;
  title?: string | null;
}

export interface FeedRow {
  id: number;
  url: string;
  kind: FeedKind;
  locale: string;
  origin: FeedOrigin;
  ticker: string | null;
  title: string | null;
  enabled: number;
  errorCount: number;
  lastError: string | null;
  lastSuccessAt: string | null;
  nextFetchAt: string | null;
}

/** The form every feed URL is stored and looked up in (WHATWG serialisation); refuses unsafe URLs. */
export function normalizeFeedUrl(url: string): string {
  return checkUrl(url.trim()).href;
}

export async function upsertFeed(db: Db, input: FeedInput, now = new Date()): Promise<number> {
  const url = normalizeFeedUrl(input.url);
  const values = {
    kind: input.kind,
    locale: input.locale,
    origin: input.origin,
    security_id: input.securityId ?? null,
    enabled: 1 as const,
    ...(input.title ? { title: input.title } : {}),
  };
  const row = await db
    .insertInto('feeds')
    .values({ url, ...values, error_count: 0, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('url').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function removeFeed(db: Db, url: string): Promise<boolean> {
  const result = await db.deleteFrom('feeds').where('url', '=', normalizeFeedUrl(url)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const feedColumns = [
  'feeds.id',
  'feeds.url',
  'feeds.kind',
  'feeds.locale',
  'feeds.origin',
  'securities.ticker',
  'feeds.title',
  'feeds.enabled',
  'feeds.error_count as errorCount',
  'feeds.last_error as lastError',
  'feeds.last_success_at as lastSuccessAt',
  'feeds.next_fetch_at as nextFetchAt',
] as const;

export async function listFeeds(db: Db): Promise<FeedRow[]> {
  return db
    .selectFrom('feeds')
    .leftJoin('securities', 'securities.id', 'feeds.security_id')
    .select(feedColumns)
    .orderBy('feeds.kind')
    .orderBy('feeds.locale')
    .orderBy('feeds.url')
    .execute();
}

export async function findFeedByUrl(db: Db, url: string): Promise<FeedRow | undefined> {
  return db
    .selectFrom('feeds')
    .leftJoin('securities', 'securities.id', 'feeds.security_id')
    .select(feedColumns)
    .where('feeds.url', '=', url)
    .executeTakeFirst();
}

/** Make the feeds of one origin exactly `inputs`: upsert them, delete that origin's others. */
export async function syncOrigin(db: Db, origin: FeedOrigin, inputs: FeedInput[], now = new Date()): Promise<void> {
  const keep = new Set<string>();
  for (const input of inputs) {
    await upsertFeed(db, { ...input, origin }, now);
    keep.add(normalizeFeedUrl(input.url));
  }
  const existing = await db.selectFrom('feeds').select(['id', 'url']).where('origin', '=', origin).execute();
  const stale = existing.filter((f) => !keep.has(f.url)).map((f) => f.id);
  if (stale.length > 0) await db.deleteFrom('feeds').where('id', 'in', stale).execute();
}

/**
 * Register each company's links (website, investor-relations page) as its company feeds. A link that
 * another origin already registered stays as it is; links that no longer belong to a company go.
 */
export async function syncCompanyLinks(db: Db, now = new Date()): Promise<void> {
  const rows = await db
    .selectFrom('securities')
    .select(['id', 'website', 'investor_relations_url'])
    .where((eb) => eb.or([eb('website', 'is not', null), eb('investor_relations_url', 'is not', null)]))
    .execute();
  const keep = new Map<string, number>();
  for (const row of rows) {
    for (const link of [row.investor_relations_url, row.website]) {
      const url = safeNormalize(link);
      if (url && !keep.has(url)) keep.set(url, row.id);
    }
  }
  // This runs every minute on every instance: write only what is new. One insert per company each
  // time held the event loop for the whole loop (a statement per link, no I/O turn in between).
  const feeds = await db.selectFrom('feeds').select(['id', 'url', 'origin']).execute();
  const registered = new Set(feeds.map((f) => f.url));
  const missing = [...keep].filter(([url]) => !registered.has(url));
  for (let at = 0; at < missing.length; at += LINKS_PER_INSERT) {
    await db
      .insertInto('feeds')
      .values(
        missing.slice(at, at + LINKS_PER_INSERT).map(([url, securityId]) => ({
          url,
          kind: 'company' as const,
          locale: 'en',
          origin: 'link' as const,
          security_id: securityId,
          error_count: 0,
          enabled: 1,
          created_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
  }
  // The rows just inserted are all kept: the read before them says which link feeds went.
  const stale = feeds.filter((f) => f.origin === 'link' && !keep.has(f.url)).map((f) => f.id);
  if (stale.length > 0) await db.deleteFrom('feeds').where('id', 'in', stale).execute();
}

/** Rows per insert statement: 9 parameters each, under SQLite's 32,766 and PostgreSQL's 65,535. */
const LINKS_PER_INSERT = 500;

/** The company whose link this URL is (website or investor-relations page), if any. */
export async function companyOfLink(db: Db, url: string): Promise<number | undefined> {
  const rows = await db
    .selectFrom('securities')
    .select(['id', 'website', 'investor_relations_url'])
    .where((eb) => eb.or([eb('website', 'is not', null), eb('investor_relations_url', 'is not', null)]))
    .execute();
  return rows.find((r) => safeNormalize(r.website) === url || safeNormalize(r.investor_relations_url) === url)?.id;
}

function safeNormalize(link: string | null): string | null {
  if (!link) return null;
  try {
    return normalizeFeedUrl(link);
  } catch {
    return null;
  }
}
