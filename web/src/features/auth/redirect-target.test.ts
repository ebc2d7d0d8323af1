import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target.ts';
import { checkAuthSettings } from './settings.ts';

describe('redirect targets of /auth/login', () => {
  it.each([
    ['/stocks/ACME?range=1Y#chart', '/stocks/ACME?range=1Y#chart'],
    ['/de/', '/de/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s -> %s', (input, output) => {
    expect(safeRedirectTarget(input)).toBe(output);
  });
});

describe('sign-in settings (spec 5)', () => {
  const settings = {
    issuer: 'https://id.example.com',
    clientId: 'web',
    audience: 'api',
    scopes: 'openid',
    cacheLocation: 'localstorage' as const,
    devProvider: false,
  };
  const env = { secure: true, crypto: true };
  it('accepts memory and local storage', () => {
    expect(() => checkAuthSettings(settings, env)).not.toThrow();
    expect(() => checkAuthSettings({ ...settings, cacheLocation: 'memory' }, env)).not.toThrow();
  });
  it('treats any other cache location as a configuration error', () => {
    const bad = { ...settings, cacheLocation: 'cookie' } as unknown as typeof settings;
    expect(() => checkAuthSettings(bad, env)).toThrow(/cache location/);
  });
  it('needs a secure origin and a crypto facility', () => {
    expect(() => checkAuthSettings(settings, { secure: false, crypto: true })).toThrow(/secure origin/);
    expect(() => checkAuthSettings(settings, { secure: true, crypto: false })).toThrow(/Crypto/);
  });
});
