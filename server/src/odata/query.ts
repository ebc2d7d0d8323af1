import { type RawBuilder, sql } from 'kysely';
import { type ColumnMap, type CompileContext, compilePredicate, compileSortKey, type Engine } from './compile.ts';
import { describeFound, ODataError } from './errors.ts';
import { checkOuterWhitespace, parseFilter, parseOrderBy } from './parser.ts';

export interface ODataOptions {
  filter?: string | undefined;
  orderby?: string | undefined;
  select?: string | undefined;
}

export interface ODataPlan {
  /** The WHERE predicate (always present: "1 = 1" without $filter). */
  where: RawBuilder<unknown>;
  /** ORDER BY terms, ending with the unique tie-breaker so that pages never overlap. */
  orderBy: RawBuilder<unknown>[];
  /** The API names of the properties to return, in the caller's order. */
  select: string[];
}

const MAX_ORDER_KEYS = 8;
const SELECT_ITEM = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Parse and compile the expression options into SQL fragments over `columns`. Throws ODataError
 * (position, expected, found) for anything the caller got wrong.
 */
export function planODataQuery(
  options: ODataOptions,
  columns: ColumnMap,
  engine: Engine,
  tieBreaker: string,
): ODataPlan {
  const filterContext: CompileContext = { columns, engine, option: '$filter' };
  const where =
    options.filter !== undefined ? compilePredicate(parseFilter(options.filter), filterContext) : sql.raw('1 = 1');

  const orderContext: CompileContext = { columns, engine, option: '$orderby' };
  const items = options.orderby !== undefined ? parseOrderBy(options.orderby) : [];
  if (items.length > MAX_ORDER_KEYS) {
    throw new ODataError(
      '$orderby',
      options.orderby?.length ?? 0,
      `at most ${MAX_ORDER_KEYS} sort keys`,
      `${items.length}`,
    );
  }
  // Nulls last in both directions on both engines (SQLite and PostgreSQL disagree by default): a
  // screener sorted by P/E wants the companies without one at the end, whichever way it sorts.
  const orderBy = items.map(
    (item) => sql`${compileSortKey(item.expression, orderContext)} ${sql.raw(item.direction)} nulls last`,
  );
  orderBy.push(sql`${sql.ref(tieBreaker)} asc`);

  return { where, orderBy, select: parseSelect(options.select, columns) };
}

/** select = selectItem *( COMMA selectItem ), where an item is '*' or a property name. */
export function parseSelect(select: string | undefined, columns: ColumnMap): string[] {
  const all = Object.keys(columns);
  if (select === undefined) return all;
  checkOuterWhitespace(select, '$select', "'*' or a property");
  const chosen: string[] = [];
  let position = 0;
  for (const raw of select.split(',')) {
    const name = raw.trim();
    const at = position + raw.indexOf(name.charAt(0) || ',');
    position += raw.length + 1;
    if (name === '*') {
      for (const column of all) if (!chosen.includes(column)) chosen.push(column);
      continue;
    }
    if (!SELECT_ITEM.test(name) || !Object.hasOwn(columns, name)) {
      throw new ODataError(
        '$select',
        Math.max(at, 0),
        `'*' or a property of the indicators table (${all.join(', ')})`,
        describeFound(name),
      );
    }
    if (!chosen.includes(name)) chosen.push(name);
  }
  return chosen;
}
