import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, retiredSettingWarnings } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('follows PORT in the default public URL', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('splits DATABASE_READ_URLS and refuses it without a PostgreSQL primary', () => {
    const urls = 'postgres://app@replica1:5432/ledger , postgresql://app@replica2/ledger';
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app@primary/ledger', DATABASE_READ_URLS: urls }).DATABASE_READ_URLS,
    ).toEqual(['postgres://app@replica1:5432/ledger', 'postgresql://app@replica2/ledger']);
    expect(() => loadConfig({ DATABASE_READ_URLS: urls })).toThrow(/DATABASE_READ_URLS: needs DATABASE_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['NODE_ENV', 'staging'],
  ])('rejects a bad %s and names it', (name, value) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(`${name}:`);
      expect((error as ConfigError).message).toContain(JSON.stringify(value));
    }
  });

  it.each([
    ['SESSION_SECRET', 'hunter2-too-short', 'must be at least 32 bytes', 17],
    ['METRICS_TOKEN', 'tiny-token', 'must be at least 16 characters', 10],
    ['DATABASE_URL', 'mysql://admin:s3cr3t-pw@db.internal/ledger', 'must be a postgres:// or postgresql:// URL', 42],
    ['WALLET_RPC_URLS', '1=https://mainnet.infura.io/v3/0123456789abcdef key', 'must be chainId=url pairs', 51],
    ['DATABASE_READ_URLS', 'mysql://reader:s3cr3t-pw@replica1/ledger', 'must be postgres:// or postgresql://', 40],
  ])('says what is wrong with %s without printing it', (name, value, problem, bytes) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain(`${name}: ${problem}`);
      expect(message).toContain(`the value is not shown; it has ${bytes} bytes`);
      // Not the value, nor any telling piece of it.
      for (const piece of value.split(/[:/@= ]+/).filter((part) => part.length >= 6))
        expect(message).not.toContain(piece);
    }
  });

  it('hides the user and password of a URL in any other variable', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://admin:s3cr3t@example.com' })).toThrow(
      'PUBLIC_URL: Invalid URL (got "ftp://***@example.com")',
    );
  });

  it('refuses a headers deadline longer than the whole request', () => {
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '5000' }).HTTP_HEADERS_TIMEOUT_MS,
    ).toBe(5000);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '0', LOG_LEVEL: 'x' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/' }).PUBLIC_URL).toBe('https://example.com');
  });

  it('starts with a retired SQLITE_READ_THREADS, warning that it is ignored', () => {
    for (const value of ['4', '0', 'many']) {
      const config = loadConfig({ SQLITE_READ_THREADS: value });
      expect(config.PORT).toBe(3000);
      expect(config).not.toHaveProperty('SQLITE_READ_THREADS');
      const warnings = retiredSettingWarnings({ SQLITE_READ_THREADS: value });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^SQLITE_READ_THREADS is ignored: SQLite reader threads were retired \(ADR 0018\)/);
    }
  });

  it('warns of no retired setting when none is set', () => {
    expect(retiredSettingWarnings({})).toEqual([]);
    expect(retiredSettingWarnings({ SQLITE_READ_THREADS: '', PORT: '8080' })).toEqual([]);
  });
});
