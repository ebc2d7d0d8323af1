/*
 * Random and mutated OData expressions for the fuzz tests: grammar-shaped expressions over the screener's
 * columns (well- and ill-typed), then character- and token-level mutations of them, and plain noise.
 * Deterministic for a seed, so a failure can be replayed.
 */
export type Random = () => number;

/** mulberry32: small, fast, good enough to drive a fuzzer. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const NUMBER_COLUMNS = ['pe', 'marketCap', 'dividendYieldPct', 'dividendGrowthYears', 'price', 'roe'];
const STRING_COLUMNS = ['ticker', 'name', 'sector', 'country', 'kind'];
const FLAG_COLUMNS = ['isGreenEnergy', 'isGreenTransport', 'isGreenWater', 'isGreenWaste'];
const NUMBERS = ['0', '1', '-1', '2.5', '1e3', '-4.5E-2', '+7', '1e300', '99999999999999999999', '0.000001'];
const STRINGS = [
  "'Technology'",
  "'US'",
  "''",
  "'O''Brien'",
  "'%'",
  "'_'",
  "'\\'",
  "'é漢字'",
  "''''",
  "'a;drop table x'",
];
const DATES = ['2024-01-31', '2026-01-02', '2000-02-29', '1999-12-31'];
const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
const ARITHMETIC = ['add', 'sub', 'mul', 'div', 'divby', 'mod'];
const NOISE = "()',-+.$/*&%=;:\"`\\\t eqandornotin0123456789e'xyzNaNINFnullTtrue";

export function randomExpression(random: Random, depth = 0): string {
  const leaf = depth > 3 || random() < 0.25;
  const anyColumn = () =>
    pick(random, [...NUMBER_COLUMNS, ...STRING_COLUMNS, ...FLAG_COLUMNS, 'asOf', 'nope', 'constructor', '__proto__']);
  const operand = (): string => {
    const r = random();
    if (r < 0.3) return pick(random, NUMBER_COLUMNS);
    if (r < 0.45) return pick(random, NUMBERS);
    if (r < 0.55) return pick(random, STRINGS);
    if (r < 0.6) return pick(random, DATES);
    if (r < 0.65) return 'null';
    if (r < 0.75) return `length(${pick(random, STRING_COLUMNS)})`;
    if (r < 0.85 && !leaf) return `(${operand()} ${pick(random, ARITHMETIC)} ${operand()})`;
    if (r < 0.9) return `-${pick(random, NUMBER_COLUMNS)}`;
    return anyColumn();
  };
  const r = random();
  if (leaf || r < 0.35) {
    const kind = random();
    if (kind < 0.5) return `${operand()} ${pick(random, COMPARISONS)} ${operand()}`;
    if (kind < 0.6) return pick(random, FLAG_COLUMNS);
    if (kind < 0.7) {
      const fn = pick(random, ['contains', 'startswith', 'endswith']);
      const subject = random() < 0.5 ? pick(random, STRING_COLUMNS) : `tolower(${pick(random, STRING_COLUMNS)})`;
      return `${fn}(${subject}, ${pick(random, STRINGS)})`;
    }
    if (kind < 0.75) {
      const items = Array.from({ length: Math.floor(random() * 4) }, () =>
        pick(random, [...NUMBERS, ...STRINGS, 'null']),
      );
      return `${anyColumn()} in (${items.join(', ')})`;
    }
    // inExpr's commonExpr: one parenthesised expression (a list of one), or wrongly several.
    if (kind < 0.8) return `${anyColumn()} in (${random() < 0.8 ? operand() : `${operand()}, ${operand()}`})`;
    if (kind < 0.85) return `asOf ${pick(random, COMPARISONS)} ${pick(random, DATES)}`;
    if (kind < 0.9) return `${pick(random, ['constructor', 'toString', 'substring', 'round'])}(${anyColumn()}) eq 1`;
    return `toupper(${pick(random, STRING_COLUMNS)}) eq ${pick(random, STRINGS)}`;
  }
  if (r < 0.55) return `${randomExpression(random, depth + 1)} and ${randomExpression(random, depth + 1)}`;
  if (r < 0.75) return `${randomExpression(random, depth + 1)} or ${randomExpression(random, depth + 1)}`;
  if (r < 0.85) return `not (${randomExpression(random, depth + 1)})`;
  return `(${randomExpression(random, depth + 1)})`;
}

/** One to three edits: insert, delete, replace or duplicate characters, swap words, or cut the tail. */
export function mutate(random: Random, input: string): string {
  let text = input;
  const edits = 1 + Math.floor(random() * 3);
  for (let n = 0; n < edits; n += 1) {
    const at = Math.floor(random() * (text.length + 1));
    const r = random();
    if (r < 0.25) text = text.slice(0, at) + pick(random, [...NOISE]) + text.slice(at);
    else if (r < 0.45) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
    else if (r < 0.6) text = `${text.slice(0, at)}${pick(random, [...NOISE])}${text.slice(at + 1)}`;
    else if (r < 0.7) text = text.slice(0, at) + text.slice(at, at + 8) + text.slice(at);
    else if (r < 0.85) {
      const words = text.split(' ');
      const i = Math.floor(random() * words.length);
      const j = Math.floor(random() * words.length);
      [words[i], words[j]] = [words[j] as string, words[i] as string];
      text = words.join(' ');
    } else text = text.slice(0, at);
  }
  return text;
}

export function noise(random: Random): string {
  return Array.from({ length: Math.floor(random() * 40) }, () => pick(random, [...NOISE])).join('');
}

/**
 * How a client may name an OData option: `$filter`, or as 4.01 allows `filter`, `Filter`, `$FILTER`
 * (the same option), now and then given twice under two names (a 400).
 */
export function optionSpelling(random: Random, option: string): string {
  const bare = option.slice(1);
  const r = random();
  if (r < 0.7) return option;
  if (r < 0.85) return bare;
  if (r < 0.95) return `${random() < 0.5 ? '$' : ''}${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
  return option.toUpperCase();
}

/** Whitespace around a value now and then: the grammar has none after "=" or at the end. */
export function withOuterWhitespace(random: Random, value: string): string {
  const r = random();
  if (r < 0.05) return ` ${value}`;
  if (r < 0.1) return `${value}\t`;
  return value;
}

/** A mix: a third well-formed, half mutated, the rest noise. */
export function fuzzInput(random: Random): string {
  const r = random();
  if (r < 0.35) return randomExpression(random);
  if (r < 0.85) return mutate(random, randomExpression(random));
  return noise(random);
}

export function randomOrderBy(random: Random): string {
  const keys = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const key =
      random() < 0.7
        ? pick(random, [...NUMBER_COLUMNS, ...STRING_COLUMNS, ...FLAG_COLUMNS, 'asOf'])
        : fuzzInput(random);
    return random() < 0.5 ? `${key} ${pick(random, ['asc', 'desc'])}` : key;
  });
  const text = keys.join(',');
  return random() < 0.3 ? mutate(random, text) : text;
}
