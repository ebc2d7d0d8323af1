import { describeFound, ODataError, type ODataOption } from './errors.ts';
import { type Token, tokenize } from './lexer.ts';

/*
 * Recursive-descent parser for the commonExpr subset of the OData 4.01 ABNF that this API supports.
 * The ABNF itself is ambiguous about precedence; we follow the precedence table of OData Part 2
 * (5.1.1.14): primary > unary (-, not) > multiplicative > additive > relational and in > equality >
 * and > or. So `not pe gt 5` is `(not pe) gt 5`: write `not (pe gt 5)`.
 */
export type BinaryOperator =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'ge'
  | 'lt'
  | 'le'
  | 'and'
  | 'or'
  | 'add'
  | 'sub'
  | 'mul'
  | 'div'
  | 'divby'
  | 'mod';
export type FunctionName = 'contains' | 'startswith' | 'endswith' | 'tolower' | 'toupper' | 'length';

export type Literal =
  | { kind: 'literal'; type: 'number'; value: number; position: number }
  | { kind: 'literal'; type: 'string' | 'date'; value: string; position: number }
  | { kind: 'literal'; type: 'boolean'; value: boolean; position: number }
  | { kind: 'literal'; type: 'null'; value: null; position: number };

export type Expression =
  | Literal
  | { kind: 'member'; name: string; position: number }
  | { kind: 'call'; name: FunctionName; args: Expression[]; position: number }
  | { kind: 'unary'; operator: 'not' | 'negate'; operand: Expression; position: number }
  | { kind: 'binary'; operator: BinaryOperator; left: Expression; right: Expression; position: number }
  /** Literals (listExpr), or one parenthesised expression (inExpr's commonExpr): `name in (name)`. */
  | { kind: 'in'; operand: Expression; items: Expression[]; position: number };

export interface OrderByItem {
  expression: Expression;
  direction: 'asc' | 'desc';
}

export const FUNCTION_ARITY: Record<FunctionName, number> = {
  contains: 2,
  startswith: 2,
  endswith: 2,
  tolower: 1,
  toupper: 1,
  length: 1,
};

// Methods of the ABNF we recognise but do not offer, so the error says "not supported" rather than "unknown".
const UNSUPPORTED_METHODS = new Set(
  'indexof trim substring concat matchespattern year month day hour minute second fractionalseconds totalseconds date time round floor ceiling totaloffsetminutes mindatetime maxdatetime now case hassubset hassubsequence isof cast any all'.split(
    ' ',
  ),
);
const LEVELS: BinaryOperator[][] = [
  ['or'],
  ['and'],
  ['eq', 'ne'],
  ['gt', 'ge', 'lt', 'le'],
  ['add', 'sub'],
  ['mul', 'div', 'divby', 'mod'],
];
const RELATIONAL_LEVEL = 3;
/** Operator words: never an operand here (no property has such a name), so one standing there is the error. */
const OPERATOR_WORDS = new Set<string>([...LEVELS.flat(), 'in', 'has']);
const MAX_DEPTH = 40;
const MAX_LIST_ITEMS = 200;
const MAX_TOKENS = 600;
const OPERAND = 'an operand (a property, literal, function call, - , not or "(")';
const LITERAL = 'a literal (number, string, date, true, false, null): a list of several items holds literals only';

export function parseFilter(input: string): Expression {
  checkOuterWhitespace(input, '$filter', 'a boolean expression');
  const parser = new Parser(input, '$filter');
  const expression = parser.expression();
  parser.expectEnd('an operator (eq, ne, gt, ge, lt, le, in, add, sub, mul, div, mod, and, or) or the end');
  return expression;
}

export function parseOrderBy(input: string): OrderByItem[] {
  checkOuterWhitespace(input, '$orderby', 'a sort key');
  const parser = new Parser(input, '$orderby');
  const items: OrderByItem[] = [];
  do {
    const expression = parser.expression();
    const direction = parser.acceptKeyword(['asc', 'desc'], true) ?? 'asc';
    items.push({ expression, direction: direction as 'asc' | 'desc' });
  } while (parser.acceptComma());
  parser.expectEnd('a comma, asc, desc or the end');
  return items;
}

/**
 * `filter = "$filter" EQ boolCommonExpr` and the like: the grammar has no whitespace between "=" and the
 * expression, nor after it, and no empty expression. `$filter= true` is refused, not read as `true`.
 */
export function checkOuterWhitespace(input: string, option: ODataOption, expected: string): void {
  if (input === '') throw new ODataError(option, 0, `${expected} (leave ${option} out for none)`, describeFound(''));
  if (/^[ \t]/.test(input)) throw new ODataError(option, 0, `${expected} right after "=", without whitespace`, "' '");
  if (/[ \t]$/.test(input))
    throw new ODataError(option, input.length - 1, 'the end of the value, without trailing whitespace', "' '");
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(
    input: string,
    private readonly option: ODataOption,
  ) {
    this.tokens = tokenize(input, option);
    // Bounds the SQL's expression depth too (SQLite refuses trees deeper than 1000 with an error).
    const extra = this.tokens[MAX_TOKENS];
    if (extra) throw new ODataError(option, extra.position, `an expression of at most ${MAX_TOKENS} tokens`, 'more');
  }

  expression(level = 0): Expression {
    const operators = LEVELS[level];
    if (!operators) return this.unary();
    let left = this.expression(level + 1);
    for (;;) {
      if (level === RELATIONAL_LEVEL && this.peekKeyword(['in'], true)) {
        left = this.inList(left);
        continue;
      }
      const token = this.peek();
      const operator = this.peekKeyword(operators, true);
      if (!operator) return left;
      this.index += 1;
      const right = this.expression(level + 1);
      left = { kind: 'binary', operator: operator as BinaryOperator, left, right, position: token.position };
    }
  }

  private unary(): Expression {
    const token = this.peek();
    if (token.kind === 'minus') {
      this.index += 1;
      return { kind: 'unary', operator: 'negate', operand: this.nested(() => this.unary()), position: token.position };
    }
    // notExpr = "not" RWS boolCommonExpr; 'not(' without the space is common enough to accept too.
    if (this.isWord(token, 'not')) {
      this.index += 1;
      return { kind: 'unary', operator: 'not', operand: this.nested(() => this.unary()), position: token.position };
    }
    return this.primary();
  }

  private primary(): Expression {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', type: 'number', value: token.value, position: token.position };
      case 'string':
        return { kind: 'literal', type: 'string', value: token.value, position: token.position };
      case 'date':
        return { kind: 'literal', type: 'date', value: token.value, position: token.position };
      case 'open': {
        const inner = this.nested(() => this.expression());
        this.expect('close', "')'");
        return inner;
      }
      case 'identifier':
        return this.identifier(token);
      default:
        return this.fail(token, OPERAND);
    }
  }

  private identifier(token: Extract<Token, { kind: 'identifier' }>): Expression {
    const word = token.text.toLowerCase();
    if (this.peek().kind === 'open') {
      if (Object.hasOwn(FUNCTION_ARITY, word)) return this.call(word as FunctionName, token.position);
      const what = UNSUPPORTED_METHODS.has(word) ? 'a supported function' : 'a known function';
      return this.fail(token, `${what} (${Object.keys(FUNCTION_ARITY).join(', ')})`);
    }
    // Issue 46: "a and and b" read the second "and" as a property and failed at the token after it, one
    // token late (30 instead of 26); the operand that is missing is missing here.
    if (OPERATOR_WORDS.has(word)) return this.fail(token, OPERAND);
    // boolean = "true" / "false" (case-insensitive in ABNF); null = %s"null" (case-sensitive).
    if (word === 'true' || word === 'false') {
      return { kind: 'literal', type: 'boolean', value: word === 'true', position: token.position };
    }
    if (token.text === 'null') return { kind: 'literal', type: 'null', value: null, position: token.position };
    if (token.text === 'NaN' || token.text === 'INF') return this.fail(token, 'a finite number');
    return { kind: 'member', name: token.text, position: token.position };
  }

  private call(name: FunctionName, position: number): Expression {
    this.index += 1; // the '('
    const args: Expression[] = [];
    this.nested(() => {
      args.push(this.expression());
      for (let n = 1; n < FUNCTION_ARITY[name]; n += 1) {
        this.expect('comma', `',' and argument ${n + 1} of ${name}`);
        args.push(this.expression());
      }
    });
    this.expect('close', `')' closing ${name}(...) with ${FUNCTION_ARITY[name]} argument(s)`);
    return { kind: 'call', name, args, position };
  }

  /**
   * inExpr = RWS "in" RWS ( listExpr / commonExpr ), listExpr = OPEN [ primitiveLiteral *( COMMA
   * primitiveLiteral ) ] CLOSE. A collection-valued commonExpr does not exist on this table, so after `in`
   * comes '(': a list of literals, or one expression in parentheses (a list of one: `name in (name)`).
   */
  private inList(operand: Expression): Expression {
    const position = this.next().position;
    this.expect('open', "'(' starting a list");
    const items: Expression[] = [];
    if (this.peek().kind !== 'close') {
      this.nested(() => {
        const first = this.peek();
        items.push(this.expression());
        if (this.peek().kind !== 'comma') return;
        if (items[0]?.kind !== 'literal') this.fail(first, LITERAL);
        while (this.acceptComma()) {
          if (items.length >= MAX_LIST_ITEMS) this.fail(this.peek(), `at most ${MAX_LIST_ITEMS} list items`);
          items.push(this.literal());
        }
      });
    }
    this.expect('close', "')' or ',' in the list");
    return { kind: 'in', operand, items, position };
  }

  private literal(): Literal {
    const token = this.peek();
    const word = token.kind === 'identifier' ? token.text.toLowerCase() : '';
    const isLiteral =
      token.kind === 'number' ||
      token.kind === 'string' ||
      token.kind === 'date' ||
      ['true', 'false', 'null'].includes(word);
    const expression = isLiteral ? this.primary() : undefined;
    if (expression?.kind !== 'literal') return this.fail(token, LITERAL);
    return expression;
  }

  private nested<T>(parse: () => T): T {
    if (this.depth >= MAX_DEPTH) return this.fail(this.peek(), `an expression nested at most ${MAX_DEPTH} deep`);
    this.depth += 1;
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  /** A keyword operator must stand between whitespace (ABNF: RWS "and" RWS); returns it in lower case. */
  peekKeyword(words: readonly string[], binary: boolean): string | undefined {
    const token = this.peek();
    if (token.kind !== 'identifier') return undefined;
    const word = token.text.toLowerCase();
    if (!words.includes(word)) return undefined;
    if (binary && !token.spaceBefore) return this.fail(token, `whitespace before '${token.text}'`);
    const after = this.peek(1);
    if (binary && word !== 'asc' && word !== 'desc' && !after.spaceBefore && after.kind !== 'end') {
      return this.fail(after, `whitespace after '${token.text}'`);
    }
    return word;
  }

  acceptKeyword(words: readonly string[], binary: boolean): string | undefined {
    const word = this.peekKeyword(words, binary);
    if (word) this.index += 1;
    return word;
  }

  acceptComma(): boolean {
    if (this.peek().kind !== 'comma') return false;
    this.index += 1;
    return true;
  }

  expectEnd(expected: string): void {
    const token = this.peek();
    if (token.kind !== 'end') this.fail(token, expected);
  }

  private expect(kind: Token['kind'], expected: string): void {
    const token = this.peek();
    if (token.kind !== kind) this.fail(token, expected);
    this.index += 1;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.text.toLowerCase() === word;
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    this.index += 1;
    return token;
  }

  private fail(token: Token, expected: string): never {
    throw new ODataError(this.option, token.position, expected, describeFound(token.text));
  }
}
