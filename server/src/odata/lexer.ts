import { describeFound, ODataError, type ODataOption } from './errors.ts';

/*
 * Tokens of the OData 4.01 URL expression grammar (odata-abnf-construction-rules: commonExpr and the
 * literal rules of section 7), for the subset this API supports. Keywords (eq, and, contains...) are
 * plain identifiers here; the parser gives them meaning. Every token keeps its offset for error messages.
 */
export type Token =
  | { kind: 'identifier'; text: string; position: number; spaceBefore: boolean }
  | { kind: 'number'; text: string; value: number; position: number; spaceBefore: boolean }
  | { kind: 'string'; text: string; value: string; position: number; spaceBefore: boolean }
  | { kind: 'date'; text: string; value: string; position: number; spaceBefore: boolean }
  | { kind: 'open' | 'close' | 'comma' | 'minus' | 'end'; text: string; position: number; spaceBefore: boolean };

// ABNF decimalLiteral: [SIGN] 1*DIGIT ["." 1*DIGIT] ["e" [SIGN] 1*DIGIT] ("e" is case-insensitive in ABNF).
const NUMBER = /[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// ABNF date: year "-" month "-" day. Years are limited to four digits: both engines compare days as text.
const DATE = /\d{4}-\d{2}-\d{2}/y;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const WORD_CHAR = /[A-Za-z0-9_.]/;

export function tokenize(input: string, option: ODataOption): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let spaceBefore = false;
  const fail = (position: number, expected: string, found: string): never => {
    throw new ODataError(option, position, expected, found);
  };

  while (i < input.length) {
    const c = input.charAt(i);
    if (c === ' ' || c === '\t') {
      i += 1;
      spaceBefore = true;
      continue;
    }
    const position = i;
    const punctuation = Object.hasOwn(PUNCTUATION, c) ? PUNCTUATION[c] : undefined;
    if (punctuation) {
      tokens.push({ kind: punctuation, text: c, position, spaceBefore });
      i += 1;
    } else if (c === "'") {
      const { value, end } = readString(input, i, option);
      tokens.push({ kind: 'string', text: input.slice(i, end), value, position, spaceBefore });
      i = end;
    } else if (isDigit(c) || ((c === '-' || c === '+') && isDigit(input.charAt(i + 1)))) {
      const token = readNumberOrDate(input, i, option);
      tokens.push({ ...token, spaceBefore });
      i += token.text.length;
    } else if (c === '-') {
      tokens.push({ kind: 'minus', text: c, position, spaceBefore });
      i += 1;
    } else {
      IDENTIFIER.lastIndex = i;
      const match = IDENTIFIER.exec(input);
      if (!match) fail(i, 'a property, literal, function, operator or parenthesis', describeFound(c));
      const text = (match as RegExpExecArray)[0];
      if (input.charAt(i + text.length) === '.' || input.charAt(i + text.length) === '/') {
        fail(
          i + text.length,
          'a property of the indicators table (paths and qualified names are not supported)',
          describeFound(input.charAt(i + text.length)),
        );
      }
      tokens.push({ kind: 'identifier', text, position, spaceBefore });
      i += text.length;
    }
    spaceBefore = false;
  }
  tokens.push({ kind: 'end', text: '', position: input.length, spaceBefore });
  return tokens;
}

const PUNCTUATION: Record<string, 'open' | 'close' | 'comma'> = { '(': 'open', ')': 'close', ',': 'comma' };

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** stringLiteral = SQUOTE *( SQUOTE-in-string / pchar-no-SQUOTE ) SQUOTE, where '' stands for one quote. */
function readString(input: string, start: number, option: ODataOption): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < input.length) {
    const next = input.indexOf("'", i);
    if (next < 0) break;
    value += input.slice(i, next);
    if (input.charAt(next + 1) === "'") {
      value += "'";
      i = next + 2;
      continue;
    }
    return { value, end: next + 1 };
  }
  throw new ODataError(
    option,
    input.length,
    `a closing quote (') for the string that starts at ${start}`,
    'the end of the expression',
  );
}

function readNumberOrDate(
  input: string,
  start: number,
  option: ODataOption,
): Omit<Extract<Token, { kind: 'number' }>, 'spaceBefore'> | Omit<Extract<Token, { kind: 'date' }>, 'spaceBefore'> {
  DATE.lastIndex = start;
  const date = DATE.exec(input);
  if (date) {
    const text = date[0];
    if (input.charAt(start + text.length) === 'T') {
      throw new ODataError(
        option,
        start + text.length,
        'a date without a time (dateTimeOffset literals are not supported)',
        describeFound(input.slice(start + text.length)),
      );
    }
    if (!isRealDay(text)) throw new ODataError(option, start, 'a calendar date (YYYY-MM-DD)', describeFound(text));
    rejectGlued(input, start + text.length, option);
    return { kind: 'date', text, value: text, position: start };
  }
  NUMBER.lastIndex = start;
  const text = (NUMBER.exec(input) as RegExpExecArray)[0];
  rejectGlued(input, start + text.length, option);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ODataError(option, start, 'a finite number', describeFound(text));
  return { kind: 'number', text, value, position: start };
}

/** '5and', '1.2.3' or '12abc' are not a number followed by something: the grammar needs a separator. */
function rejectGlued(input: string, end: number, option: ODataOption): void {
  if (WORD_CHAR.test(input.charAt(end)) || input.charAt(end) === '-') {
    throw new ODataError(
      option,
      end,
      'whitespace, an operator or a parenthesis after the literal',
      describeFound(input.slice(end)),
    );
  }
}

function isRealDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}
