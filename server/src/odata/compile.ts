import { type RawBuilder, sql } from 'kysely';
import { ODataError, type ODataOption } from './errors.ts';
import type { BinaryOperator, Expression, FunctionName, Literal } from './parser.ts';

/*
 * AST -> parameterised SQL for SQLite and PostgreSQL. Caller input reaches the SQL only as bound
 * parameters: column names come from the allow-list, operators and functions from fixed tables here.
 * Every expression is type-checked first, so PostgreSQL never sees a query it would reject for types
 * (which would otherwise surface as a 500).
 */
export type ValueType = 'number' | 'string' | 'boolean' | 'date';
export type Engine = 'sqlite' | 'postgres';

export interface ColumnSpec {
  /** The database column: a fixed identifier, never caller input. */
  column: string;
  type: ValueType;
}
export type ColumnMap = Readonly<Record<string, ColumnSpec>>;

interface Typed {
  sql: RawBuilder<unknown>;
  type: ValueType | 'null';
}

const COMPARISON: Partial<Record<BinaryOperator, string>> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const ORDERED: ReadonlySet<string> = new Set(['gt', 'ge', 'lt', 'le']);
const TRUE = sql.raw('(1 = 1)');
const FALSE = sql.raw('(1 = 0)');

export interface CompileContext {
  columns: ColumnMap;
  engine: Engine;
  option: ODataOption;
}

/** A $filter: must be a boolean expression. */
export function compilePredicate(expression: Expression, context: CompileContext): RawBuilder<unknown> {
  const typed = compile(expression, context);
  return expect(
    typed,
    'boolean',
    expression,
    context,
    'a boolean expression (a comparison, a function such as contains, or a flag)',
  ).sql;
}

/** An $orderby key: any expression; a bare column sorts by the column itself (flags as 0/1). */
export function compileSortKey(expression: Expression, context: CompileContext): RawBuilder<unknown> {
  if (expression.kind === 'member') return sql.ref(member(expression, context).column);
  const typed = compile(expression, context);
  if (typed.type === 'null') fail(expression, context, 'an expression that is not null');
  return typed.sql;
}

export function member(expression: Extract<Expression, { kind: 'member' }>, context: CompileContext): ColumnSpec {
  const spec = Object.hasOwn(context.columns, expression.name) ? context.columns[expression.name] : undefined;
  if (!spec)
    fail(
      expression,
      context,
      `a property of the indicators table (${Object.keys(context.columns).join(', ')})`,
      `'${expression.name}'`,
    );
  return spec as ColumnSpec;
}

function compile(expression: Expression, context: CompileContext): Typed {
  switch (expression.kind) {
    case 'literal':
      return literal(expression, context.engine);
    case 'member': {
      const spec = member(expression, context);
      const ref = sql.ref(spec.column);
      // Flags are 0/1 integers on both engines; as a boolean they are the predicate "= 1".
      return spec.type === 'boolean' ? { sql: sql`(${ref} = 1)`, type: 'boolean' } : { sql: ref, type: spec.type };
    }
    case 'unary': {
      const operand = compile(expression.operand, context);
      if (expression.operator === 'not') {
        return { sql: sql`(not ${expect(operand, 'boolean', expression.operand, context).sql})`, type: 'boolean' };
      }
      return { sql: sql`(- ${expect(operand, 'number', expression.operand, context).sql})`, type: 'number' };
    }
    case 'binary':
      return binary(expression.operator, expression, context);
    case 'in':
      return inList(expression, context);
    case 'call':
      return call(expression.name, expression, context);
  }
}

function literal(node: Literal, engine: Engine): Typed {
  switch (node.type) {
    case 'null':
      return { sql: sql.raw('null'), type: 'null' };
    case 'boolean':
      return { sql: node.value ? TRUE : FALSE, type: 'boolean' };
    // Explicit casts: PostgreSQL must not guess a parameter's type from the column beside it
    // (an integer column would make 1e300 an integer out of range, a date column a bad date a 500).
    case 'number':
      return { sql: sql`cast(${node.value} as double precision)`, type: 'number' };
    case 'string':
      return { sql: sql`cast(${node.value} as text)`, type: 'string' };
    case 'date':
      return { sql: engine === 'postgres' ? sql`cast(${node.value} as date)` : sql`${node.value}`, type: 'date' };
  }
}

function binary(
  operator: BinaryOperator,
  node: Extract<Expression, { kind: 'binary' }>,
  context: CompileContext,
): Typed {
  const left = compile(node.left, context);
  const right = compile(node.right, context);
  if (operator === 'and' || operator === 'or') {
    const l = expect(left, 'boolean', node.left, context).sql;
    const r = expect(right, 'boolean', node.right, context).sql;
    return { sql: sql`(${l} ${sql.raw(operator)} ${r})`, type: 'boolean' };
  }
  const comparison = COMPARISON[operator];
  if (comparison) return compare(operator, comparison, left, right, node, context);

  const l = expect(left, 'number', node.left, context).sql;
  const r = expect(right, 'number', node.right, context).sql;
  // Division is real division (integer columns too), and by zero it is null on both engines instead of
  // PostgreSQL's error. mod keeps the dividend's sign, as OData and SQL's % do for integers.
  const real = sql`cast(${l} as double precision)`;
  switch (operator) {
    case 'add':
      return { sql: sql`(${l} + ${r})`, type: 'number' };
    case 'sub':
      return { sql: sql`(${l} - ${r})`, type: 'number' };
    case 'mul':
      return { sql: sql`(${l} * ${r})`, type: 'number' };
    case 'div':
    case 'divby':
      return { sql: sql`(${real} / nullif(${r}, 0))`, type: 'number' };
    default:
      return { sql: sql`(${real} - ${r} * trunc(${real} / nullif(${r}, 0)))`, type: 'number' };
  }
}

function compare(
  operator: BinaryOperator,
  symbol: string,
  left: Typed,
  right: Typed,
  node: Extract<Expression, { kind: 'binary' }>,
  context: CompileContext,
): Typed {
  if (left.type === 'null' || right.type === 'null') {
    if (operator !== 'eq' && operator !== 'ne') fail(node, context, 'eq or ne to compare with null', `'${operator}'`);
    if (left.type === 'null' && right.type === 'null')
      return { sql: operator === 'eq' ? TRUE : FALSE, type: 'boolean' };
    const value = left.type === 'null' ? right : left;
    return { sql: sql`(${value.sql} ${sql.raw(operator === 'eq' ? 'is null' : 'is not null')})`, type: 'boolean' };
  }
  if (left.type !== right.type) {
    const hint =
      left.type === 'date' || right.type === 'date' ? ' (write dates without quotes: asOf ge 2024-01-31)' : '';
    fail(node.right, context, `a ${left.type} to compare with the ${left.type} on the left${hint}`, `a ${right.type}`);
  }
  if (left.type === 'boolean' && ORDERED.has(operator))
    fail(node, context, 'eq or ne between booleans', `'${operator}'`);
  return { sql: sql`(${left.sql} ${sql.raw(symbol)} ${right.sql})`, type: 'boolean' };
}

function inList(node: Extract<Expression, { kind: 'in' }>, context: CompileContext): Typed {
  const operand = compile(node.operand, context);
  if (operand.type === 'null') fail(node.operand, context, 'a property or expression before in');
  const values: RawBuilder<unknown>[] = [];
  let withNull = false;
  for (const item of node.items) {
    const typed = literal(item, context.engine);
    if (typed.type === 'null') withNull = true;
    else values.push(expect(typed, operand.type as ValueType, item, context).sql);
  }
  const inValues = values.length > 0 ? sql`(${operand.sql} in (${sql.join(values)}))` : FALSE;
  return { sql: withNull ? sql`(${inValues} or ${operand.sql} is null)` : inValues, type: 'boolean' };
}

function call(name: FunctionName, node: Extract<Expression, { kind: 'call' }>, context: CompileContext): Typed {
  const args = node.args.map(
    (arg) => expect(compile(arg, context), 'string', arg, context, `a string argument to ${name}`).sql,
  );
  const [a, b] = args as [RawBuilder<unknown>, RawBuilder<unknown>];
  switch (name) {
    case 'contains':
      // Case-sensitive on both engines (LIKE is not: SQLite folds ASCII case), and no wildcards to escape.
      return {
        sql: context.engine === 'postgres' ? sql`(strpos(${a}, ${b}) > 0)` : sql`(instr(${a}, ${b}) > 0)`,
        type: 'boolean',
      };
    case 'startswith':
      return { sql: sql`(substr(${a}, 1, length(${b})) = ${b})`, type: 'boolean' };
    case 'endswith':
      return {
        sql: sql`(length(${b}) <= length(${a}) and substr(${a}, length(${a}) - length(${b}) + 1) = ${b})`,
        type: 'boolean',
      };
    case 'tolower':
      return { sql: sql`lower(${a})`, type: 'string' };
    case 'toupper':
      return { sql: sql`upper(${a})`, type: 'string' };
    case 'length':
      return { sql: sql`length(${a})`, type: 'number' };
  }
}

function expect(typed: Typed, type: ValueType, node: Expression, context: CompileContext, expected?: string): Typed {
  if (typed.type !== type)
    fail(node, context, expected ?? `a ${type}`, typed.type === 'null' ? 'null' : `a ${typed.type}`);
  return typed;
}

function fail(node: Expression, context: CompileContext, expected: string, found?: string): never {
  throw new ODataError(context.option, node.position, expected, found ?? describeNode(node));
}

function describeNode(node: Expression): string {
  switch (node.kind) {
    case 'member':
      return `'${node.name}'`;
    case 'literal':
      return String(node.value);
    case 'call':
      return `${node.name}(...)`;
    case 'binary':
      return `'${node.operator}'`;
    default:
      return node.kind === 'in' ? "'in'" : `'${node.operator}'`;
  }
}
