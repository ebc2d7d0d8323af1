import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// What a real production environment sets; each test removes or spoils one thing.
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://ledgerlight.example',
  SESSION_SECRET: 'a'.repeat(32),
  OIDC_ISSUER: 'https://id.example',
  OIDC_CLIENT_ID: 'ledgerlight-web',
  OIDC_AUDIENCE: 'https://ledgerlight.example/api',
  METRICS_TOKEN: 'metrics-token-0123456789',
};

function problems(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  return expect.unreachable('loadConfig should have refused this environment');
}

describe('production configuration', () => {
  it('starts with everything it needs', () => {
    const config = loadConfig(production);
    expect(config.OIDC_DEV_PROVIDER).toBe(false);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it.each([
    ['OIDC_ISSUER', { OIDC_ISSUER: undefined }, /OIDC_ISSUER: required with NODE_ENV=production \(the development/],
    ['OIDC_CLIENT_ID', { OIDC_CLIENT_ID: undefined }, /OIDC_CLIENT_ID: required when OIDC_ISSUER is set/],
    ['OIDC_AUDIENCE', { OIDC_AUDIENCE: undefined }, /OIDC_AUDIENCE: required when OIDC_ISSUER is set/],
    ['SESSION_SECRET', { SESSION_SECRET: undefined }, /SESSION_SECRET: required with NODE_ENV=production/],
    ['SESSION_SECRET', { SESSION_SECRET: 'a'.repeat(31) }, /SESSION_SECRET: must be at least 32 bytes/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://ledgerlight.example' }, /PUBLIC_URL: must be an https:\/\/ URL/],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL: must be an https:\/\/ URL/],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'http://id.example' }, /OIDC_ISSUER: must be an https:\/\/ URL/],
    ['FEEDS_ALLOW_LOOPBACK', { FEEDS_ALLOW_LOOPBACK: 'true' }, /FEEDS_ALLOW_LOOPBACK: must not be true/],
    ['METRICS_TOKEN', { METRICS_TOKEN: undefined }, /METRICS_TOKEN: required .* or set METRICS_PUBLIC=true/],
    [
      'METRICS_TOKEN',
      { METRICS_TOKEN: undefined, METRICS_PUBLIC: 'false' },
      /METRICS_TOKEN: required with NODE_ENV=production/,
    ],
  ])('refuses a missing or bad %s and names it', (_name, change, message) => {
    expect(problems({ ...production, ...change })).toMatch(message);
  });

  it('serves an open /metrics in production only when METRICS_PUBLIC=true says so', () => {
    const config = loadConfig({ ...production, METRICS_TOKEN: undefined, METRICS_PUBLIC: 'true' });
    expect([config.METRICS_TOKEN, config.METRICS_PUBLIC]).toEqual([undefined, true]);
    // Outside production /metrics stays open for a laptop's Prometheus.
    expect(loadConfig({}).METRICS_PUBLIC).toBe(false);
  });

  it('never prints a production secret it refuses', () => {
    const message = problems({ ...production, SESSION_SECRET: 'correct-horse-battery' });
    expect(message).toContain('SESSION_SECRET: must be at least 32 bytes (the value is not shown; it has 21 bytes)');
    expect(message).not.toContain('correct-horse');
  });

  it('counts the session secret in bytes, not characters', () => {
    // 16 two-byte characters are 32 bytes: enough key material.
    expect(loadConfig({ ...production, SESSION_SECRET: 'é'.repeat(16) }).SESSION_SECRET).toHaveLength(16);
  });

  it('allows the development provider and plain http outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.OIDC_DEV_PROVIDER).toBe(true);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('reads a TRUST_PROXY hop count as "trust the nearest n proxies"', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY;
    if (typeof trust !== 'function') return expect.unreachable('a hop count becomes a function');
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1), trust('10.0.0.3', 2)]).toEqual([true, true, false]);
  });

  it.each([
    ['TRUST_PROXY', 'yes please'],
    ['RATE_LIMIT_SEARCH', '-1'],
    ['SHUTDOWN_TIMEOUT_MS', '10'],
    ['METRICS_TOKEN', 'short'],
  ])('rejects a bad %s', (name, value) => {
    expect(problems({ [name]: value })).toContain(`${name}:`);
  });
});
