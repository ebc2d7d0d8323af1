import { fuzzInput, type Random } from '../odata/fuzz.ts';

/*
 * Random and hostile requests for every route of the app, for the route fuzz test: odd path parameters
 * (over-long, bad percent-encoding, encoded slashes, unicode), unknown and malformed query parameters,
 * bodies of the wrong type or shape or size, junk headers, and methods the route does not have.
 * Deterministic for a seed, so a failure can be replayed.
 */
export interface RouteSpec {
  /** The route as Fastify registered it, e.g. /api/data/company/:ticker/links. */
  url: string;
  methods: string[];
}

export interface FuzzRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/**
 * The routes of `fastify.printRoutes({ commonPrefix: false })`: each line is a path segment appended to
 * its parent's path (by indentation), with its methods in parentheses.
 */
export function routesFromTree(tree: string): RouteSpec[] {
  const routes: RouteSpec[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${match[2] ?? ''}`;
    stack.push(url);
    if (match[3]) routes.push({ url, methods: match[3].split(', ') });
  }
  return routes;
}

const PARAM_VALUES = [
  'ACME',
  'acme',
  'BTC',
  'income-statement',
  'pages.xml',
  'nope',
  '0',
  '-1',
  '%E0%A4%A',
  '%zz',
  '%',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '..',
  '%00',
  '%F0%9F%92%A9',
  '%C3%A9t%C3%A9',
  "'%20or%201=1--",
  '__proto__',
  'constructor',
];

function paramValue(random: Random): string {
  const r = random();
  if (r < 0.1) return 'A'.repeat(90 + Math.floor(random() * 200)); // around Fastify's 100-character limit
  if (r < 0.15) return encodeURIComponent(fuzzInput(random)) || 'x';
  return pick(random, PARAM_VALUES);
}

const QUERY_NAMES = [
  'ticker',
  'tickers',
  'q',
  'limit',
  'from',
  'to',
  'period',
  'fields',
  'format',
  'address',
  'chainId',
  'lang',
  '$filter',
  '$orderby',
  '$top',
  '$skip',
  '$count',
  '$select',
  'filter',
  '$expand',
  '__proto__',
  'constructor',
  'a[b]',
  '',
];

const QUERY_VALUES = [
  'ACME',
  'ACME,BTC,NOPE',
  '',
  '2024-02-30',
  '2020-01-01',
  '-5',
  '1e309',
  '99999999999999999999',
  'annual',
  'quarterly',
  'true',
  'null',
  '[]',
  '{"a":1}',
  '<script>alert(1)</script>',
  '0x0000000000000000000000000000000000000001',
  '%zz',
];

function queryString(random: Random): string {
  const count = Math.floor(random() * 4);
  const pairs: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const name = pick(random, QUERY_NAMES);
    const r = random();
    const value =
      r < 0.1
        ? 'x'.repeat(3000 + Math.floor(random() * 3000))
        : r < 0.3
          ? fuzzInput(random)
          : pick(random, QUERY_VALUES);
    // Mostly encoded as a browser would; sometimes raw, bad escapes and all.
    pairs.push(random() < 0.8 ? `${encodeURIComponent(name)}=${encodeURIComponent(value)}` : `${name}=${value}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const BODIES: { type: string; payload: () => string }[] = [
  { type: 'application/json', payload: () => '{"name":' },
  { type: 'application/json', payload: () => '' },
  { type: 'application/json', payload: () => '[]' },
  { type: 'application/json', payload: () => 'null' },
  { type: 'application/json', payload: () => '{"__proto__":{"admin":true}}' },
  { type: 'application/json', payload: () => '{"tickers":["ACME",1,null],"name":"page_view","path":"/"}' },
  { type: 'application/json', payload: () => '{"token":"x","signature":"0x"}' },
  { type: 'application/json', payload: () => JSON.stringify({ tickers: Array(600).fill('ACME') }) },
  { type: 'application/json', payload: () => `{"a":"${'x'.repeat(1_100_000)}"}` },
  { type: 'text/plain', payload: () => 'hello' },
  { type: 'application/xml', payload: () => '<a/>' },
  { type: 'multipart/form-data; boundary=x', payload: () => '--x--' },
  { type: 'application/x-www-form-urlencoded', payload: () => 'login=a&password=b' },
  { type: 'application/json; charset=latin1', payload: () => '{}' },
  { type: 'bad type', payload: () => '{}' },
];

const HEADER_CHOICES: [string, string[]][] = [
  ['accept', ['text/csv', 'application/xml', '*/*', 'text/html', '']],
  ['if-none-match', ['"x"', '*', 'W/"garbage', '']],
  ['authorization', ['Bearer abc', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'Bearer', `Bearer ${'a'.repeat(5000)}`]],
  ['cookie', ['ll_wallet=garbage', 'll_wallet=', '=']],
  ['accept-language', ['zz', 'de', '*;q=abc']],
  ['x-request-id', ['<script>', 'ok-1']],
  ['content-length', ['5']],
];

const OTHER_METHODS: FuzzRequest['method'][] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export function fuzzRequest(random: Random, route: RouteSpec): FuzzRequest {
  const declared = route.methods as FuzzRequest['method'][];
  const method = random() < 0.8 ? pick(random, declared) : pick(random, OTHER_METHODS);
  let path = route.url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? paramValue(random) : segment === '*' ? paramValue(random) : segment))
    .join('/');
  if (random() < 0.1) path += '/';
  const headers: Record<string, string> = {};
  for (const [name, values] of HEADER_CHOICES) if (random() < 0.12) headers[name] = pick(random, values);
  const request: FuzzRequest = { method, url: `${path}${queryString(random)}`, headers };
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && random() < 0.9) {
    const body = pick(random, BODIES);
    headers['content-type'] = body.type;
    request.payload = body.payload();
    delete headers['content-length'];
  }
  return request;
}
