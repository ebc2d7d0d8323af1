import fs from 'node:fs/promises';
import { feedKind, LANGUAGES } from '@app/contract';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import type { FeedInput } from './registry.ts';

/*
 * The feeds configuration file (FEEDS_FILE, documented in docs/news-feeds.md): JSON listing home,
 * analysis and company feeds. Company feeds name their company by ticker.
 */

const fileSchema = z.object({
  feeds: z
    .array(
      z
        .object({
          url: z.url({ protocol: /^https?$/ }).max(2048),
          kind: feedKind,
          locale: z.enum(LANGUAGES).default('en'),
          title: z.string().min(1).max(200).optional(),
          ticker: z.string().min(1).max(20).optional(),
        })
        .refine((f) => (f.kind === 'company') === (f.ticker !== undefined), {
          message: 'a company feed needs a ticker, and only a company feed may have one',
          path: ['ticker'],
        }),
    )
    .max(5000),
});

export class FeedsFileError extends Error {
  constructor(file: string, problem: string) {
    super(`Feeds file ${file}: ${problem}`);
    this.name = 'FeedsFileError';
  }
}

/** Read and check the file; company tickers unknown to the database are reported, not guessed. */
export async function loadFeedsFile(db: Db, file: string): Promise<{ inputs: FeedInput[]; unknownTickers: string[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    throw new FeedsFileError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedsFileError(file, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const tickers = [...new Set(parsed.data.feeds.flatMap((f) => (f.ticker ? [f.ticker.toUpperCase()] : [])))];
  const securities = tickers.length
    ? await db.selectFrom('securities').select(['id', 'ticker']).where('ticker', 'in', tickers).execute()
    : [];
  const idOf = new Map(securities.map((s) => [s.ticker.toUpperCase(), s.id]));
  const unknownTickers = tickers.filter((t) => !idOf.has(t));
  const inputs = parsed.data.feeds.flatMap((f): FeedInput[] => {
    const securityId = f.ticker ? idOf.get(f.ticker.toUpperCase()) : null;
    if (securityId === undefined) return [];
    return [{ url: f.url, kind: f.kind, locale: f.locale, origin: 'file', securityId, title: f.title ?? null }];
  });
  return { inputs, unknownTickers };
}
