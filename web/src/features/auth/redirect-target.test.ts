import { describe, expect, it } from 'vitest';
import { AuthError, toAuthError } from './errors.ts';
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
    publicUrl: 'https://app.example.com',
  };
  const env = { secure: true, crypto: true, origin: 'https://app.example.com' };
  it('accepts memory and local storage', () => {
    expect(() => checkAuthSettings(settings, env)).not.toThrow();
    expect(() => checkAuthSettings({ ...settings, cacheLocation: 'memory' }, env)).not.toThrow();
  });
  it('treats any other cache location as a configuration error', () => {
    const bad = { ...settings, cacheLocation: 'cookie' } as unknown as typeof settings;
    expect(() => checkAuthSettings(bad, env)).toThrow(/cache location/);
  });
  it('needs a secure origin and a crypto facility', () => {
    expect(() => checkAuthSettings(settings, { ...env, secure: false })).toThrow(/secure origin/);
    expect(() => checkAuthSettings(settings, { ...env, crypto: false })).toThrow(/Crypto/);
  });
  it('says so when the page is not at the address the app is configured for (issue 20)', () => {
    let error: unknown;
    try {
      checkAuthSettings(settings, { ...env, origin: 'https://www.app.example.com' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'wrong_address', address: 'https://app.example.com' });
    // The development provider answers at whatever address the browser used.
    const dev = { ...settings, devProvider: true, publicUrl: 'http://localhost:3000' };
    expect(() => checkAuthSettings(dev, { ...env, origin: 'http://127.0.0.1:3000' })).not.toThrow();
  });
  it('calls a provider that did not answer unreachable, not "Failed to fetch"', () => {
    expect(toAuthError(new TypeError('Failed to fetch')).code).toBe('unreachable');
    expect(toAuthError(new TypeError('NetworkError when attempting to fetch resource.')).code).toBe('unreachable');
  });
});
