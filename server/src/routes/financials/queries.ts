import type { Db } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';
import { FACT_STATEMENT_COLUMNS } from '../../db/series.ts';

/*
 * The statements (db/series.ts) of several securities for one kind of period (both when none is
 * given): one row per security and kind on the fact_statements primary key, every line item in it. A
 * five-company income statement is 5 rows.
 */
export function selectFactStatements(db: Db, ids: readonly number[], period?: Period) {
  let query = db
    .selectFrom('fact_statements')
    .select(['security_id', 'period', ...FACT_STATEMENT_COLUMNS])
    .where('security_id', 'in', ids);
  if (period) query = query.where('period', '=', period);
  return query.execute();
}

/** Which kinds of statement each security has, and their currency: the series head (load.ts seriesHead). */
export function selectStatementKinds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('fact_statements')
    .select(['security_id', 'period', 'currency'])
    .where('security_id', 'in', ids)
    .execute();
}
