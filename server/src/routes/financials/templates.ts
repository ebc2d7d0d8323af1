import {
  type FinancialMetric,
  type StatementKind,
  statementKindOf,
  type TemplateStatement,
  templateLines,
} from '@app/contract';
import type { Db } from '../../db/index.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { SecurityRef } from '../market/securities.ts';

/*
 * The statement template of each security (contract statement-templates.ts): its SIC code and the line
 * items its statements hold, read in two small queries (one row per security and kind of period).
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

/** The lines a statement call answers: the templates of the securities asked for, the first one's order first. */
export function linesOf(statement: TemplateStatement, kinds: Iterable<StatementKind>): FinancialMetric[] {
  const all = [...new Set(kinds)];
  if (all.length === 0) return templateLines('general', statement) as FinancialMetric[];
  return [...new Set(all.flatMap((kind) => templateLines(kind, statement)))];
}

/** The `templates` member of a financials answer (ticker -> kind), put first into its JSON text. */
export function withTemplates(
  text: JsonText,
  securities: readonly SecurityRef[],
  kinds: ReadonlyMap<number, StatementKind>,
): JsonText {
  const templates = Object.fromEntries(securities.map((s) => [s.ticker, kinds.get(s.id) ?? 'general']));
  return `{"templates":${JSON.stringify(templates)},${text.slice(1)}` as JsonText;
}
