import { type FinancialMetric, type StatementKind, type TemplateStatement, templateLines } from '@app/contract';
import type { SecurityRef } from '../market/securities.ts';

/* What a statement call answers by the template of each security (metrics/templates.ts). */

/** The lines a statement call answers: the templates of the securities asked for, the first one's order first. */
export function linesOf(statement: TemplateStatement, kinds: Iterable<StatementKind>): FinancialMetric[] {
  const all = [...new Set(kinds)];
  if (all.length === 0) return templateLines('general', statement) as FinancialMetric[];
  return [...new Set(all.flatMap((kind) => templateLines(kind, statement)))];
}

/** The `templates` member of a financials answer: ticker -> kind of statement template. */
export function templatesOf(
  securities: readonly SecurityRef[],
  kinds: ReadonlyMap<number, StatementKind>,
): Record<string, StatementKind> {
  return Object.fromEntries(securities.map((s) => [s.ticker, kinds.get(s.id) ?? 'general']));
}
