import { vi } from 'vitest';
import type { OidcClient, OidcUser } from './auth-client.ts';

/** Test helpers: an unsigned-looking but well-formed RS256 ID token and a scriptable OidcClient. */
export const ISSUER = 'https://id.example.com';
export const CLIENT_ID = 'web';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export function idToken(claims: Record<string, unknown> = {}, header: Record<string, unknown> = { alg: 'RS256' }) {
  const now = Math.floor(Date.now() / 1000);
  return `${b64(header)}.${b64({ iss: ISSUER, aud: CLIENT_ID, sub: 'demo', iat: now, exp: now + 3600, name: 'Demo', ...claims })}.c2ln`;
}

export function oidcUser(overrides: Partial<OidcUser> = {}): OidcUser {
  return {
    access_token: 'access-1',
    id_token: idToken(),
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    profile: { sub: 'demo' },
    ...overrides,
  };
}

export function fakeClient(cached: OidcUser | null = null) {
  return {
    getUser: vi.fn(async () => cached),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn<OidcClient['signinSilent']>(async () => null),
    signinRedirect: vi.fn<OidcClient['signinRedirect']>(async () => undefined),
    signinPopup: vi.fn<OidcClient['signinPopup']>(async () => oidcUser()),
    signinCallback: vi.fn<OidcClient['signinCallback']>(async () => undefined),
    signoutRedirect: vi.fn<OidcClient['signoutRedirect']>(async () => undefined),
  } satisfies OidcClient;
}
