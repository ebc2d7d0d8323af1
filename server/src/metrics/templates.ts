import { type StatementKind, statementKindOf } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { SecurityRef } from '../derived/series-queries.ts';

/*
 * The statement template of each security (contract statement-templates.ts): its SIC code and the line
 * items its statements hold, read in two small queries (one row per security and kind of period). The
 * statement calls list the template's lines; the catalogue leaves out what a kind's figures mean nothing
 * for (a bank's enterprise value).
 */
const camel = (item: string) => item.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export async function statementTemplates(
  db: Db,
  securities: readonly SecurityRef[],
): Promise<Map<number, StatementKind>> {
  const ids = securities.map((s) => s.id);
  if (ids.length === 0) return new Map();
  const [sics, statements] = await Promise.all([
    db.selectFrom('securities').select(['id', 'sic_code']).where('id', 'in', ids).execute(),
    db.selectFrom('fact_statements').select(['security_id', 'line_items']).where('security_id', 'in', ids).execute(),
  ]);
  const present = new Map<number, Set<string>>();
  for (const row of statements) {
    const set = present.get(row.security_id) ?? new Set<string>();
    for (const item of row.line_items === '' ? [] : row.line_items.split(',')) set.add(camel(item));
    present.set(row.security_id, set);
  }
  const sic = new Map(sics.map((row) => [row.id, row.sic_code]));
  return new Map(ids.map((id) => [id, statementKindOf(sic.get(id) ?? null, present.get(id) ?? new Set())]));
}
