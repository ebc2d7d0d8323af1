import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://localhost/db'],
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

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '0', LOG_LEVEL: 'x' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/' }).PUBLIC_URL).toBe('https://example.com');
  });
});
