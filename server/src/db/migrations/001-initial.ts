import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * The first schema: every table the product needs (issue 2). Written once for both engines;
 * the few differences (identity columns, the day type, SQLite's WITHOUT ROWID clustering) sit in
 * the helpers below.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: same reason
type Table = CreateTableBuilder<string, any>;

export function initialMigration(engine: Engine) {
  const day = engine === 'postgres' ? 'date' : 'text';
  const num = 'double precision';
  const id = (t: Table) =>
    t.addColumn('id', 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  // Long, narrow series tables are clustered on their key in SQLite (WITHOUT ROWID).
  const clustered = (t: Table) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);

  async function up(db: AnyDb): Promise<void> {
    await id(db.schema.createTable('securities'))
      .addColumn('ticker', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('stock', 'crypto')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('exchange', 'text')
      .addColumn('sector', 'text')
      .addColumn('industry', 'text')
      .addColumn('country', 'text')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('description', 'text')
      .addColumn('website', 'text')
      .addColumn('investor_relations_url', 'text')
      .addColumn('cik', 'text')
      .addColumn('sic_code', 'text')
      .addColumn('sic_description', 'text')
      .addColumn('fiscal_year_end', 'text')
      .addColumn('launched_on', day)
      .addColumn('is_demo', 'integer', flag)
      .addColumn('is_green_energy', 'integer', flag)
      .addColumn('is_green_transport', 'integer', flag)
      .addColumn('is_green_water', 'integer', flag)
      .addColumn('is_green_waste', 'integer', flag)
      .addColumn('green_rules', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('securities_cik').on('securities').column('cik').execute();

    await clustered(
      db.schema
        .createTable('daily_prices')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('open', num)
        .addColumn('high', num)
        .addColumn('low', num)
        .addColumn('close', num, (c) => c.notNull())
        .addColumn('volume', num)
        .addColumn('close_split_adj', num, (c) => c.notNull())
        .addColumn('close_adj', num, (c) => c.notNull())
        .addPrimaryKeyConstraint('daily_prices_pk', ['security_id', 'day']),
    ).execute();

    await clustered(
      db.schema
        .createTable('dividends')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('ex_date', day, (c) => c.notNull())
        .addColumn('pay_date', day)
        .addColumn('record_date', day)
        .addColumn('declared_date', day)
        .addColumn('amount', num, (c) => c.notNull())
        .addColumn('amount_split_adj', num, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('dividends_pk', ['security_id', 'ex_date']),
    ).execute();

    await clustered(
      db.schema
        .createTable('splits')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('numerator', num, (c) => c.notNull())
        .addColumn('denominator', num, (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('splits_pk', ['security_id', 'day']),
    ).execute();

    await clustered(
      db.schema
        .createTable('financial_facts')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('line_item', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
        .addColumn('period_start', day)
        .addColumn('period_end', day, (c) => c.notNull())
        .addColumn('fiscal_year', 'integer', (c) => c.notNull())
        .addColumn('fiscal_period', 'text', (c) => c.notNull())
        .addColumn('value', num, (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('concept', 'text', (c) => c.notNull())
        .addColumn('accession', 'text')
        .addColumn('form', 'text')
        .addColumn('filed', day)
        .addColumn('derived', 'integer', flag)
        .addPrimaryKeyConstraint('financial_facts_pk', ['security_id', 'period', 'line_item', 'period_end']),
    ).execute();

    await db.schema
      .createTable('indicators')
      .addColumn('security_id', 'integer', (c) => c.primaryKey().references('securities.id').onDelete('cascade'))
      .addColumn('ticker', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('exchange', 'text')
      .addColumn('sector', 'text')
      .addColumn('industry', 'text')
      .addColumn('country', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price', num)
      .addColumn('change_pct', num)
      .addColumn('market_cap', num)
      .addColumn('pe', num)
      .addColumn('ps', num)
      .addColumn('pb', num)
      .addColumn('ev_ebitda', num)
      .addColumn('dividend_yield_pct', num)
      .addColumn('payout_ratio', num)
      .addColumn('dividend_cagr_5y', num)
      .addColumn('dividend_growth_years', 'integer')
      .addColumn('dividend_yield_percentile', num)
      .addColumn('revenue_growth', num)
      .addColumn('gross_margin', num)
      .addColumn('operating_margin', num)
      .addColumn('net_margin', num)
      .addColumn('roe', num)
      .addColumn('debt_to_equity', num)
      .addColumn('week52_high', num)
      .addColumn('week52_low', num)
      .addColumn('drawdown_pct', num)
      .addColumn('is_green_energy', 'integer', flag)
      .addColumn('is_green_transport', 'integer', flag)
      .addColumn('is_green_water', 'integer', flag)
      .addColumn('is_green_waste', 'integer', flag)
      .addColumn('as_of', day)
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    for (const column of ['market_cap', 'dividend_yield_pct', 'pe', 'sector', 'country']) {
      await db.schema.createIndex(`indicators_${column}`).on('indicators').column(column).execute();
    }

    await id(db.schema.createTable('feeds'))
      .addColumn('url', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('home', 'analysis', 'company')`))
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('security_id', 'integer', (c) => c.references('securities.id').onDelete('cascade'))
      .addColumn('title', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('last_fetched_at', 'text')
      .addColumn('last_success_at', 'text')
      .addColumn('next_fetch_at', 'text')
      .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feeds_kind_locale').on('feeds').columns(['kind', 'locale']).execute();

    await id(db.schema.createTable('news_items'))
      .addColumn('feed_id', 'integer', (c) => c.notNull().references('feeds.id').onDelete('cascade'))
      .addColumn('guid', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text')
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('source', 'text')
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('news_items_feed_guid', ['feed_id', 'guid'])
      .execute();
    await db.schema
      .createIndex('news_items_feed_published')
      .on('news_items')
      .columns(['feed_id', 'published_at'])
      .execute();

    await db.schema
      .createTable('news_item_tickers')
      .addColumn('news_item_id', 'integer', (c) => c.notNull().references('news_items.id').onDelete('cascade'))
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_item_tickers_pk', ['news_item_id', 'ticker'])
      .execute();
    await db.schema.createIndex('news_item_tickers_ticker').on('news_item_tickers').column('ticker').execute();

    await id(db.schema.createTable('users'))
      .addColumn('issuer', 'text')
      .addColumn('subject', 'text')
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('wallet_address', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('wallet_address', 'text')
      .addColumn('chain_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

    await db.schema
      .createTable('wallet_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('wallet_nonces_expires_at').on('wallet_nonces').column('expires_at').execute();

    await db.schema
      .createTable('referrals')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('referrals_code').on('referrals').column('code').execute();

    await db.schema
      .createTable('watchlists')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('watchlists_pk', ['user_id', 'ticker'])
      .execute();

    await id(db.schema.createTable('analytics_events'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('props', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_events_name_created')
      .on('analytics_events')
      .columns(['name', 'created_at'])
      .execute();

    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  }

  async function down(db: AnyDb): Promise<void> {
    const tables = [
      'app_meta',
      'analytics_events',
      'watchlists',
      'referrals',
      'wallet_nonces',
      'sessions',
      'users',
      'news_item_tickers',
      'news_items',
      'feeds',
      'indicators',
      'financial_facts',
      'splits',
      'dividends',
      'daily_prices',
      'securities',
    ];
    for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
  }

  return { up, down };
}
