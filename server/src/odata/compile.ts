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
  /** Whether the SQL may evaluate to NULL (a column, or anything computed from one); the null literal is type 'null'. */
  nullable: boolean;
}

const COMPARISON: Partial<Record<BinaryOperator, string>> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const ORDERED: ReadonlySet<string> = new Set(['gt', 'ge', 'lt', 'le']);
const TRUE = sql.raw('(1 = 1)');
const FALSE = sql.raw('(1 = 0)');
const boolean = (text: RawBuilder<unknown>, nullable = false): Typed => ({ sql: text, type: 'boolean', nullable });

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
      return spec.type === 'boolean' ? boolean(sql`(${ref} = 1)`, true) : { sql: ref, type: spec.type, nullable: true };
    }
    case 'unary': {
      const operand = compile(expression.operand, context);
      // not null is null (three-valued logic, as SQL's).
      if (expression.operator === 'not')
        return boolean(sql`(not ${expect(operand, 'boolean', expression.operand, context).sql})`, operand.nullable);
      const negated = expect(operand, 'number', expression.operand, context);
      return { sql: sql`(- ${negated.sql})`, type: 'number', nullable: negated.nullable };
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
      return { sql: sql.raw('null'), type: 'null', nullable: true };
    case 'boolean':
      return boolean(node.value ? TRUE : FALSE);
    // Explicit casts: PostgreSQL must not guess a parameter's type from the column beside it
    // (an integer column would make 1e300 an integer out of range, a date column a bad date a 500).
    case 'number':
      return { sql: sql`cast(${node.value} as double precision)`, type: 'number', nullable: false };
    case 'string':
      return { sql: sql`cast(${node.value} as text)`, type: 'string', nullable: false };
    case 'date': {
      const text = engine === 'postgres' ? sql`cast(${node.value} as date)` : sql`${node.value}`;
      return { sql: text, type: 'date', nullable: false };
    }
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
    // null and false is false, null or true is true, else null: SQL's three-valued logic is OData's.
    return boolean(sql`(${l} ${sql.raw(operator)} ${r})`, left.nullable || right.nullable);
  }
  const comparison = COMPARISON[operator];
  if (comparison) return compare(operator, comparison, left, right, node, context);

  const l = expect(left, 'number', node.left, context).sql;
  const r = expect(right, 'number', node.right, context).sql;
  // Arithmetic with a null operand is null. Division is real division (integer columns too), and by zero
  // it is null on both engines instead of PostgreSQL's error. mod keeps the dividend's sign, as OData and
  // SQL's % do for integers.
  const nullable = left.nullable || right.nullable;
  const real = sql`cast(${l} as double precision)`;
  switch (operator) {
    case 'add':
      return { sql: sql`(${l} + ${r})`, type: 'number', nullable };
    case 'sub':
      return { sql: sql`(${l} - ${r})`, type: 'number', nullable };
    case 'mul':
      return { sql: sql`(${l} * ${r})`, type: 'number', nullable };
    case 'div':
    case 'divby':
      return { sql: sql`(${real} / nullif(${r}, 0))`, type: 'number', nullable: true };
    default:
      return { sql: sql`(${real} - ${r} * trunc(${real} / nullif(${r}, 0)))`, type: 'number', nullable: true };
  }
}

/*
 * OData's null semantics for comparisons (Part 2, 5.1.1.1; docs/api.md): null equals null and nothing
 * else, so eq and ne are never null; gt, ge, lt and le are false when an operand is null. SQL's operators
 * are null there instead, which differs under not: `not (pe gt 5)` must keep the rows without a P/E.
 * The SQL keeps the plain comparison (an index can serve it) and adds IS NULL tests only for operands
 * that can be null.
 */
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
    if (left.type === 'null' && right.type === 'null') return boolean(operator === 'eq' ? TRUE : FALSE);
    const value = left.type === 'null' ? right : left;
    return boolean(sql`(${value.sql} ${sql.raw(operator === 'eq' ? 'is null' : 'is not null')})`);
  }
  if (left.type !== right.type) {
    const hint =
      left.type === 'date' || right.type === 'date' ? ' (write dates without quotes: asOf ge 2024-01-31)' : '';
    fail(node.right, context, `a ${left.type} to compare with the ${left.type} on the left${hint}`, `a ${right.type}`);
  }
  if (left.type === 'boolean' && ORDERED.has(operator))
    fail(node, context, 'eq or ne between booleans', `'${operator}'`);
  if (operator === 'eq') return equal(left, right, context.engine);
  if (operator === 'ne') return notEqual(left, right, context.engine);
  const known = [left, right].filter((side) => side.nullable).map((side) => sql`${side.sql} is not null`);
  return boolean(sql`(${sql.join([sql`${left.sql} ${sql.raw(symbol)} ${right.sql}`, ...known], sql` and `)})`);
}

function equal(left: Typed, right: Typed, engine: Engine): Typed {
  const plain = sql`${left.sql} = ${right.sql}`;
  if (left.nullable && right.nullable)
    return boolean(sql`(${left.sql} ${sql.raw(engine === 'postgres' ? 'is not distinct from' : 'is')} ${right.sql})`);
  if (left.nullable) return boolean(sql`(${plain} and ${left.sql} is not null)`);
  if (right.nullable) return boolean(sql`(${plain} and ${right.sql} is not null)`);
  return boolean(sql`(${plain})`);
}

function notEqual(left: Typed, right: Typed, engine: Engine): Typed {
  const plain = sql`${left.sql} <> ${right.sql}`;
  if (left.nullable && right.nullable)
    return boolean(sql`(${left.sql} ${sql.raw(engine === 'postgres' ? 'is distinct from' : 'is not')} ${right.sql})`);
  if (left.nullable) return boolean(sql`(${plain} or ${left.sql} is null)`);
  if (right.nullable) return boolean(sql`(${plain} or ${right.sql} is null)`);
  return boolean(sql`(${plain})`);
}

/**
 * `x in (a, b)` is `x eq a or x eq b` (OData Part 2, 5.1.1.1.12), with eq's null semantics. A list of
 * literals stays one SQL IN; a parenthesised expression (`name in (name)`, allowed by the grammar's
 * inExpr = "in" (listExpr / commonExpr)) is compared with eq.
 */
function inList(node: Extract<Expression, { kind: 'in' }>, context: CompileContext): Typed {
  const operand = compile(node.operand, context);
  if (operand.type === 'null') fail(node.operand, context, 'a property or expression before in');
  const type = operand.type as ValueType;
  const values: RawBuilder<unknown>[] = [];
  const alternatives: RawBuilder<unknown>[] = [];
  for (const item of node.items) {
    const typed = compile(item, context);
    if (typed.type === 'null') alternatives.push(sql`${operand.sql} is null`);
    else if (item.kind === 'literal') values.push(expect(typed, type, item, context).sql);
    else alternatives.push(equal(operand, expect(typed, type, item, context), context.engine).sql);
  }
  if (values.length > 0) {
    const inValues = sql`${operand.sql} in (${sql.join(values)})`;
    alternatives.unshift(operand.nullable ? sql`(${inValues} and ${operand.sql} is not null)` : sql`(${inValues})`);
  }
  return boolean(alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : FALSE);
}

function call(name: FunctionName, node: Extract<Expression, { kind: 'call' }>, context: CompileContext): Typed {
  const typed = node.args.map((arg) =>
    expect(compile(arg, context), 'string', arg, context, `a string argument to ${name}`),
  );
  const [a, b] = typed.map((arg) => arg.sql) as [RawBuilder<unknown>, RawBuilder<unknown>];
  // A function of a null argument is null.
  const nullable = typed.some((arg) => arg.nullable);
  switch (name) {
    case 'contains':
      // Case-sensitive on both engines (LIKE is not: SQLite folds ASCII case), and no wildcards to escape.
      return boolean(
        context.engine === 'postgres' ? sql`(strpos(${a}, ${b}) > 0)` : sql`(instr(${a}, ${b}) > 0)`,
        nullable,
      );
    case 'startswith':
      return boolean(sql`(substr(${a}, 1, length(${b})) = ${b})`, nullable);
    case 'endswith':
      return boolean(
        sql`(length(${b}) <= length(${a}) and substr(${a}, length(${a}) - length(${b}) + 1) = ${b})`,
        nullable,
      );
    case 'tolower':
      return { sql: sql`lower(${a})`, type: 'string', nullable };
    case 'toupper':
      return { sql: sql`upper(${a})`, type: 'string', nullable };
    case 'length':
      return { sql: sql`length(${a})`, type: 'number', nullable };
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
