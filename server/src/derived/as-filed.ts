import type { Db } from '../db/index.ts';
import type { Period } from '../db/schema.ts';
import {
  type FactStatementRow,
  packFactStatement,
  STATEMENT_FACT_COLUMNS,
  type StatementFact,
} from './fact-statements.ts';

/*
 * Statements as filed on a day (issue 32, `asOf`): what a reader of the filings had by the end of that
 * day, no look-ahead. Each stored fact's history is its rows in fact_versions (migration 019) followed by
 * the fact itself (its latest value, from its own filing day on); the value on the day is the last of
 * them filed on or before it, and a fact first filed after it is absent, so are the periods it alone
 * makes. The statement matrices (fact-statements.ts) are built from those values on read, exactly as the
 * loader builds today's, so every computation after them (periods, Q4, TTM, ratios) is today's.
 */

type Version = { filed: string; value: number; accession: string | null };

/** One stored fact with its every version, oldest filing first. */
export interface FactHistory {
  securityId: number;
  fact: Omit<StatementFact, 'value' | 'accession'>;
  versions: Version[];
}

/** The facts of several securities for one kind of period, each with its history (read once, picked per day). */
export async function selectFactHistories(db: Db, ids: readonly number[], period: Period): Promise<FactHistory[]> {
  if (ids.length === 0) return [];
  const [facts, versions] = await Promise.all([
    db
      .selectFrom('financial_facts')
      // Never the first-filed columns: a restated cell would tell what a later filing did (look-ahead).
      .select(['security_id', ...STATEMENT_FACT_COLUMNS, 'filed'])
      .where('security_id', 'in', ids)
      .where('period', '=', period)
      .execute(),
    db
      .selectFrom('fact_versions')
      .select(['security_id', 'line_item', 'period_end', 'filed', 'value', 'accession'])
      .where('security_id', 'in', ids)
      .where('period', '=', period)
      .execute(),
  ]);
  const earlier = new Map<string, Version[]>();
  for (const v of versions) {
    const key = `${v.security_id}|${v.line_item}|${v.period_end}`;
    const list = earlier.get(key);
    if (list) list.push(v);
    else earlier.set(key, [v]);
  }
  return facts.map((f) => {
    const history = [...(earlier.get(`${f.security_id}|${f.line_item}|${f.period_end}`) ?? [])];
    history.push({ filed: f.filed ?? '', value: f.value, accession: f.accession });
    history.sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
    const { security_id, filed: _filed, value: _value, accession: _accession, ...fact } = f;
    return { securityId: security_id, fact, versions: history };
  });
}

/** The statements of the histories' securities as filed by the end of `day`, and each one's first filing. */
export function factStatementsOn(
  histories: readonly FactHistory[],
  ids: readonly number[],
  day: string,
): { statements: FactStatementRow[]; firstFiled: Map<number, string | null> } {
  const bySecurity = new Map<number, StatementFact[]>();
  const firstFiled = new Map<number, string | null>(ids.map((id) => [id, null]));
  for (const { securityId, fact, versions } of histories) {
    const first = versions[0]?.filed || null;
    const known = firstFiled.get(securityId);
    if (first && (!known || first < known)) firstFiled.set(securityId, first);
    let on: Version | undefined;
    for (const v of versions) if (v.filed <= day) on = v;
    if (!on) continue;
    const list = bySecurity.get(securityId) ?? [];
    list.push({ ...fact, value: on.value, accession: on.accession });
    bySecurity.set(securityId, list);
  }
  const statements = [...bySecurity].map(([id, list]) => packFactStatement(id, list));
  return { statements, firstFiled };
}

/** The statements of several securities for one kind of period as filed by `day`, and each one's first filing. */
export async function selectFactStatementsAsFiled(
  db: Db,
  ids: readonly number[],
  period: Period,
  day: string,
): Promise<{ statements: FactStatementRow[]; firstFiled: Map<number, string | null> }> {
  return factStatementsOn(await selectFactHistories(db, ids, period), ids, day);
}
