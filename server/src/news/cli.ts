import { parseArgs } from 'node:util';
import { feedKind, isLanguage } from '@app/contract';
import type { Db } from '../db/index.ts';
import { listFeeds, removeFeed, upsertFeed } from './registry.ts';

/*
 * The `feeds` command of the ingest CLI (docs/news-feeds.md):
 *   feeds add <url> --kind home|analysis|company [--locale en] [--ticker NWE] [--title "..."]
 *   feeds list
 *   feeds remove <url>
 * Returns the process exit code; writes results to `out`, problems to `err`.
 */

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const FEEDS_USAGE =
  'usage: feeds add <url> --kind home|analysis|company [--locale en] [--ticker T] [--title T] | feeds list | feeds remove <url>';

export async function feedsCommand(db: Db, argv: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv;
  try {
    if (action === 'list') return await list(db, io);
    if (action === 'remove' && rest.length === 1) {
      const removed = await removeFeed(db, rest[0] as string);
      (removed ? io.out : io.err)(removed ? `removed ${rest[0]}` : `no feed ${rest[0]}`);
      return removed ? 0 : 1;
    }
    if (action === 'add') return await add(db, rest, io);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
  io.err(FEEDS_USAGE);
  return 2;
}

async function add(db: Db, args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      locale: { type: 'string', default: 'en' },
      ticker: { type: 'string' },
      title: { type: 'string' },
    },
  });
  const kind = feedKind.safeParse(values.kind);
  if (positionals.length !== 1 || !kind.success) {
    io.err(FEEDS_USAGE);
    return 2;
  }
  if (!isLanguage(values.locale)) {
    io.err(`unknown locale "${values.locale}"`);
    return 2;
  }
  if ((kind.data === 'company') !== (values.ticker !== undefined)) {
    io.err('a company feed needs --ticker, and only a company feed takes one');
    return 2;
  }
  let securityId: number | null = null;
  if (values.ticker) {
    const security = await db
      .selectFrom('securities')
      .select('id')
      .where('ticker', '=', values.ticker.toUpperCase())
      .executeTakeFirst();
    if (!security) {
      io.err(`unknown ticker "${values.ticker}"`);
      return 1;
    }
    securityId = security.id;
  }
  const url = positionals[0] as string;
  await upsertFeed(db, {
    url,
    kind: kind.data,
    locale: values.locale,
    origin: 'cli',
    securityId,
    title: values.title ?? null,
  });
  io.out(`added ${kind.data} feed ${url} (${values.locale})`);
  return 0;
}

async function list(db: Db, io: CliIo): Promise<number> {
  for (const f of await listFeeds(db)) {
    const state =
      f.errorCount > 0
        ? `failing x${f.errorCount}: ${f.lastError ?? ''}`
        : f.lastSuccessAt
          ? `ok ${f.lastSuccessAt}`
          : 'not fetched yet';
    io.out([f.kind, f.locale, f.ticker ?? '-', f.origin, f.url, state].join('\t'));
  }
  return 0;
}
