import path from 'node:path';
import { z } from 'zod';

/**
 * The server's whole configuration: one schema over the environment, checked at boot.
 * Every variable is documented in the README; add new ones here and there together.
 */
const port = z.coerce.number().int().min(1).max(65535);
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // PostgreSQL streaming replicas that answer the data reads (docs/scaling.md); comma-separated URLs.
    DATABASE_READ_URLS: z
      .string()
      .regex(
        /^\s*postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*\s*$/,
        'must be postgres:// or postgresql:// URLs separated by commas',
      )
      .transform((v) => v.split(',').map((url) => url.trim()))
      .optional(),
    // Sign-in with OpenID Connect (docs/auth.md). Unset OIDC_ISSUER: the development provider under /idp.
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_AUDIENCE: z.string().min(1).optional(),
    OIDC_SCOPES: z
      .string()
      .regex(/(^|\s)openid(\s|$)/, 'must include the scope openid')
      .default('openid profile email offline_access'),
    OIDC_CACHE_LOCATION: z.enum(['memory', 'localstorage']).default('localstorage'),
    // true: bearer tokens must be RFC 9068 access tokens (header typ at+jwt), when the provider issues them.
    OIDC_REQUIRE_AT_JWT: z.enum(['true', 'false']).default('false'),
    // Sign-in with an Ethereum wallet (docs/wallet.md).
    SESSION_SECRET: z
      .string()
      .refine((v) => Buffer.byteLength(v) >= 32, 'must be at least 32 bytes')
      .optional(),
    WALLET_RPC_URLS: z
      .string()
      .regex(
        /^\s*\d+=(https?|wss?):\/\/[^\s,]+(\s*,\s*\d+=(https?|wss?):\/\/[^\s,]+)*\s*$/,
        'must be chainId=url pairs separated by commas, e.g. 1=https://rpc.example,137=https://polygon.example',
      )
      .optional(),
    WALLETCONNECT_PROJECT_ID: z
      .string()
      .regex(/^[\w-]{8,100}$/, 'must be a WalletConnect project id')
      .optional(),
    TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
    PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
    // News feeds (docs/news-feeds.md).
    FEEDS_FILE: z.string().min(1).optional(),
    FEEDS_DEMO: z.enum(['true', 'false']).optional(),
    FEED_REFRESH_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
    FEEDS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
    FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    FEED_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(2_000_000),
    // Each feed is read on a reader thread: time to read it once fetched, and the thread's heap cap.
    FEED_PARSE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    FEED_WORKER_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
    // Market data (docs/data-sources.md). auto: seed the demo universe when the database has no securities.
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    // A smaller demo universe (a small machine, the fault tests): this many companies and eight coins.
    DEMO_COMPANIES: z.coerce.number().int().min(1).max(420).optional(),
    SEC_USER_AGENT: z
      .string()
      .regex(/\S+.*@.*\S/, 'must name the app and a contact e-mail, e.g. "Ledgerlight admin@example.com"')
      .optional(),
    SEC_DATA_URL: z.url({ protocol: /^https?$/ }).default('https://data.sec.gov'),
    SEC_TICKERS_URL: z.url({ protocol: /^https?$/ }).default('https://www.sec.gov/files/company_tickers.json'),
    SEC_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(10).default(10),
    YAHOO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://query1.finance.yahoo.com'),
    STOOQ_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://stooq.com'),
    BINANCE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.binance.com'),
    COINGECKO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com'),
    PRICE_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(50).default(2),
    INGEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    INGEST_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
    GREEN_OVERRIDES_FILE: z.string().min(1).optional(),
    // Production (docs/operations.md): proxies, rate limits per client address, shutdown, metrics.
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/,
        'must be true, false, a hop count, or comma-separated proxy addresses/CIDRs',
      )
      .default('false'),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).max(1_000_000).default(30),
    RATE_LIMIT_SEARCH: z.coerce.number().int().min(0).max(1_000_000).default(300),
    RATE_LIMIT_ODATA: z.coerce.number().int().min(0).max(1_000_000).default(300),
    RATE_LIMIT_EVENTS: z.coerce.number().int().min(0).max(1_000_000).default(120),
    RATE_LIMIT_REF: z.coerce.number().int().min(0).max(1_000_000).default(30),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    // Slow clients (docs/operations.md, "Timeouts"): the whole request, its headers, an idle keep-alive
    // connection, and a connection with no traffic either way.
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // Production refuses an open /metrics (docs/operations.md) unless this says it is meant to be public.
    METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
  })
  .superRefine((env, ctx) => {
    const need = (name: string, why: string) => ctx.addIssue({ code: 'custom', path: [name], message: why });
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET)
      need('SESSION_SECRET', 'required with NODE_ENV=production (signs wallet sign-in messages)');
    if (env.NODE_ENV === 'production' && !env.OIDC_ISSUER)
      need('OIDC_ISSUER', 'required with NODE_ENV=production (the development identity provider never runs there)');
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL?.startsWith('https://'))
      need('PUBLIC_URL', 'must be an https:// URL with NODE_ENV=production (cookies are Secure, HSTS is sent)');
    if (env.NODE_ENV === 'production' && env.OIDC_ISSUER && !env.OIDC_ISSUER.startsWith('https://'))
      need('OIDC_ISSUER', 'must be an https:// URL with NODE_ENV=production');
    if (env.NODE_ENV === 'production' && !env.METRICS_TOKEN && env.METRICS_PUBLIC !== 'true')
      need(
        'METRICS_TOKEN',
        'required with NODE_ENV=production (GET /metrics would be open to anyone); or set METRICS_PUBLIC=true',
      );
    if (env.NODE_ENV === 'production' && env.FEEDS_ALLOW_LOOPBACK === 'true')
      need('FEEDS_ALLOW_LOOPBACK', 'must not be true with NODE_ENV=production (it lets feeds reach this machine)');
    if (env.DATABASE_READ_URLS && !env.DATABASE_URL)
      need('DATABASE_READ_URLS', 'needs DATABASE_URL (replicas of a PostgreSQL primary; SQLite has none)');
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      need(
        'HTTP_HEADERS_TIMEOUT_MS',
        'must not be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
      );
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) need('OIDC_CLIENT_ID', 'required when OIDC_ISSUER is set');
    if (env.OIDC_ISSUER && !env.OIDC_AUDIENCE) need('OIDC_AUDIENCE', 'required when OIDC_ISSUER is set');
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.resolve(env.DATA_DIR),
      /** True when the bundled development identity provider runs under /idp (no OIDC_ISSUER). */
      OIDC_DEV_PROVIDER: !env.OIDC_ISSUER,
      OIDC_ISSUER: env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      OIDC_CLIENT_ID: env.OIDC_CLIENT_ID ?? 'ledgerlight-web',
      OIDC_AUDIENCE: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      /** Demo feeds: on by default when no feeds file is configured (an offline first start). */
      FEEDS_DEMO: env.FEEDS_DEMO ? env.FEEDS_DEMO === 'true' : !env.FEEDS_FILE,
      FEEDS_ALLOW_LOOPBACK: env.FEEDS_ALLOW_LOOPBACK === 'true',
      METRICS_PUBLIC: env.METRICS_PUBLIC === 'true',
      OIDC_REQUIRE_AT_JWT: env.OIDC_REQUIRE_AT_JWT === 'true',
      TRUST_PROXY: trustProxy(env.TRUST_PROXY),
    };
  });

export type Config = z.infer<typeof configSchema>;

/** Fastify's trustProxy: off, every proxy, a hop count, or the proxies' addresses (X-Forwarded-* from them only). */
function trustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false') return false;
  // A hop count as Fastify reads a number (its types only admit a function): trust the nearest n proxies.
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/*
 * Settings that once did something and no longer do: one still set is ignored, and the server says so
 * at start (its log) rather than refuse an environment that used to be valid.
 */
const RETIRED_SETTINGS: Record<string, string> = {
  SQLITE_READ_THREADS: 'SQLite reader threads were retired (ADR 0018); every read runs on the main connection',
};

/** One warning per retired setting in the environment (an empty variable is unset), for the start log. */
export function retiredSettingWarnings(env: Record<string, string | undefined> = process.env): string[] {
  return Object.entries(RETIRED_SETTINGS)
    .filter(([name]) => env[name] !== undefined && env[name] !== '')
    .map(([name, why]) => `${name} is ignored: ${why}`);
}

/** Parse the environment. Throws a ConfigError that names every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (a `FOO=` line in a shell or compose file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const got = typeof issue.path[0] === 'string' ? present[issue.path[0]] : undefined;
    return `${name}: ${issue.message}${got === undefined ? '' : ` (${describeValue(name, got)})`}`;
  });
  throw new ConfigError(problems);
}

/*
 * Variables whose value is a secret or may carry one (a database password, an RPC provider's API key in
 * its URL path). A configuration error ends up in logs and CI output: it says what is wrong with them,
 * never what they are.
 */
const SECRET_VARIABLES = new Set([
  'SESSION_SECRET',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'DATABASE_READ_URLS',
  'WALLET_RPC_URLS',
]);
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSPHRASE|PRIVATE|CREDENTIAL|_KEY$/;

/** What a bad value was, fit to print: secrets by their length only, and never a URL's user or password. */
export function describeValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name) || SECRET_NAME.test(name))
    return `the value is not shown; it has ${Buffer.byteLength(value)} bytes`;
  return `got ${JSON.stringify(value.replace(/\/\/[^/@\s]*@/g, '//***@'))}`;
}
