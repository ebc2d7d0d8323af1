import { cardFigures, screenerColumnOf } from '@app/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/* SQL of the company calls: each is one or two indexed reads. */

export function selectProfile(db: Db, id: number) {
  return db
    .selectFrom('securities as s')
    .leftJoin('indicators as i', 'i.security_id', 's.id')
    .select([
      's.ticker',
      's.name',
      's.kind',
      's.exchange',
      's.sector',
      's.industry',
      's.country',
      's.currency',
      's.description',
      's.website',
      's.investor_relations_url',
      's.cik',
      's.fiscal_year_end',
      's.is_demo',
      'i.price',
      'i.change_pct',
      'i.market_cap',
      'i.as_of',
    ])
    .select((eb) =>
      eb
        .selectFrom('financial_facts as f')
        .select((f) => f.fn.max('f.filed').as('filed'))
        .whereRef('f.security_id', '=', 's.id')
        .as('filings_as_of'),
    )
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();
}

export function selectLinkSources(db: Db, id: number) {
  return Promise.all([
    db
      .selectFrom('securities')
      .select(['ticker', 'website', 'investor_relations_url', 'cik'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('feeds')
      .select(['url', 'title'])
      .where('security_id', '=', id)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute(),
  ]);
}

/** Screener rows of the cards, or of the largest stocks when no tickers are given. */
export function selectCards(db: Db, ids: readonly number[] | null, defaultCount: number) {
  const query = db
    .selectFrom('indicators')
    .select(['security_id', 'ticker', 'name', 'kind', 'currency', ...cardFigures.map(screenerColumnOf), 'as_of']);
  if (ids) return query.where('security_id', 'in', ids).execute();
  return query
    .where('kind', '=', 'stock')
    .orderBy('market_cap', (ob) => ob.desc().nullsLast())
    .orderBy('ticker')
    .limit(defaultCount)
    .execute();
}

/** LIKE pattern text with its wildcards escaped (the pattern itself is a bound parameter). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ticker search, ranked in SQL: 0 exact ticker, 1 ticker prefix, 2 a word of the name starts with q,
 * 3 q anywhere in ticker or name; then larger market cap first. lower() on both sides: PostgreSQL's
 * LIKE is case-sensitive, SQLite's is not.
 */
export function searchSecurities(db: Db, q: string, limit: number) {
  const lower = q.toLowerCase();
  const upper = q.toUpperCase();
  const prefix = `${escapeLike(lower)}%`;
  const word = `% ${escapeLike(lower)}%`;
  const anywhere = `%${escapeLike(lower)}%`;
  const like = (column: Expression<string>, pattern: string) =>
    sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
  const rank = sql<number>`case
    when s.ticker = ${upper} then 0
    when ${like(sql.ref('s.ticker'), prefix)} then 1
    when ${like(sql.ref('s.name'), prefix)} or ${like(sql.ref('s.name'), word)} then 2
    else 3 end`;
  return db
    .selectFrom('securities as s')
    .leftJoin('indicators as i', 'i.security_id', 's.id')
    .select(['s.ticker', 's.name', 's.kind', 's.exchange'])
    .select(rank.as('rank'))
    .where((eb) => eb.or([like(sql.ref('s.ticker'), anywhere), like(sql.ref('s.name'), anywhere)]))
    .orderBy('rank')
    .orderBy('i.market_cap', (ob) => ob.desc().nullsLast())
    .orderBy('s.ticker')
    .limit(limit)
    .execute();
}
