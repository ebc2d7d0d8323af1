import type { Migration, MigrationProvider } from 'kysely';
import type { Engine } from '../engine.ts';
import { initialMigration } from './001-initial.ts';
import { marketDataMigration } from './002-market-data.ts';
import { newsMigration } from './003-news.ts';
import { seriesMigration } from './004-series.ts';
import { factAmountsMigration } from './005-fact-amounts.ts';
import { screenerIndexMigration } from './006-screener-index.ts';
import { factStatementsMigration } from './007-fact-statements.ts';
import { chartPointsMigration } from './008-chart-points.ts';
import { indicatorRowsMigration } from './009-indicator-rows.ts';
import { statementValuesMigration } from './010-statement-values.ts';
import { statementCurrencyMigration } from './011-statement-currency.ts';
import { coinSupplyMigration } from './012-coin-supply.ts';
import { derivedVersionsMigration } from './013-derived-versions.ts';
import { priceMonthsMigration } from './014-price-months.ts';
import { oneTruthMigration } from './015-one-truth.ts';
import { ingestRunOwnerMigration } from './016-ingest-run-owner.ts';
import { firstFiledMigration } from './017-first-filed.ts';
import { bulkEntriesMigration } from './018-bulk-entries.ts';
import { factVersionsMigration } from './019-fact-versions.ts';
import { restatedCellsMigration } from './020-restated-cells.ts';
import { priceBarsMigration } from './021-price-bars.ts';
import { statementFiledDaysMigration } from './022-statement-filed-days.ts';
import { catalogueScoresMigration } from './023-catalogue-scores.ts';
import { numbersCheckedTwiceMigration } from './027-numbers-checked-twice.ts';
import { dividendHistoryFromFirstCloseMigration } from './028-dividend-history-known-from-first-close.ts';
import { indicatorMonthsMigration } from './029-indicator-months.ts';

/**
 * Migrations live in code (not files read at run time) so the bundled server carries them.
 * Names sort in the order they run; never edit one that has shipped, add the next instead.
 */
export function migrationProvider(engine: Engine): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-initial': initialMigration(engine),
    '002-market-data': marketDataMigration(engine),
    '003-news': newsMigration,
    '004-series': seriesMigration(engine),
    '005-fact-amounts': factAmountsMigration(engine),
    '006-screener-index': screenerIndexMigration(engine),
    '007-fact-statements': factStatementsMigration(engine),
    '008-chart-points': chartPointsMigration(engine),
    '009-indicator-rows': indicatorRowsMigration(engine),
    '010-statement-values': statementValuesMigration,
    '011-statement-currency': statementCurrencyMigration(engine),
    '012-coin-supply': coinSupplyMigration(engine),
    '013-derived-versions': derivedVersionsMigration(engine),
    '014-price-months': priceMonthsMigration,
    '015-one-truth': oneTruthMigration,
    '016-ingest-run-owner': ingestRunOwnerMigration,
    '017-first-filed': firstFiledMigration,
    '018-bulk-entries': bulkEntriesMigration,
    '019-fact-versions': factVersionsMigration(engine),
    '020-restated-cells': restatedCellsMigration,
    '021-price-bars': priceBarsMigration(engine),
    '022-statement-filed-days': statementFiledDaysMigration(engine),
    '023-catalogue-scores': catalogueScoresMigration,
    '027-numbers-checked-twice': numbersCheckedTwiceMigration,
    '028-dividend-history-known-from-first-close': dividendHistoryFromFirstCloseMigration,
    '029-indicator-months': indicatorMonthsMigration(engine),
  };
  return { getMigrations: async () => migrations };
}
