import { describe, expect, it } from 'vitest';
import { CLIENT_ID, ISSUER, idToken } from './fake-oidc.ts';
import { validateIdToken } from './id-token.ts';

const expected = { issuer: ISSUER, clientId: CLIENT_ID };
const now = Math.floor(Date.now() / 1000);

describe('ID token checks (spec 5)', () => {
  it('accepts a good token', () => {
    expect(validateIdToken(idToken(), expected).sub).toBe('demo');
  });
  it.each([
    ['missing', undefined, /missing/],
    ['not 3 parts', 'a.b', /3 parts/],
    ['another issuer', idToken({ iss: 'https://evil.example' }), /issuer/],
    ['no subject', idToken({ sub: '' }), /subject/],
    ['HS256', idToken({}, { alg: 'HS256' }), /RS256/],
    ['another audience', idToken({ aud: 'other' }), /audience/],
    ['several audiences without azp', idToken({ aud: [CLIENT_ID, 'api'] }), /azp/],
    ['azp of another client', idToken({ aud: [CLIENT_ID, 'api'], azp: 'api' }), /azp/],
    ['exp not a number', idToken({ exp: 'soon' }), /exp/],
    ['iat not a number', idToken({ iat: null }), /iat/],
    ['expired beyond the leeway', idToken({ exp: now - 61 }), /expired/],
    ['nbf beyond the leeway', idToken({ nbf: now + 120 }), /not valid yet/],
    ['auth_time in the future', idToken({ auth_time: now + 120 }), /auth_time/],
  ])('rejects %s', (_name, token, reason) => {
    expect(() => validateIdToken(token, expected)).toThrow(reason);
  });
  it('checks the nonce only when one was sent', () => {
    expect(() => validateIdToken(idToken({ nonce: 'a' }), { ...expected, nonce: 'b' })).toThrow(/nonce/);
    expect(validateIdToken(idToken({ nonce: 'a' }), { ...expected, nonce: 'a' }).sub).toBe('demo');
    expect(validateIdToken(idToken(), expected).sub).toBe('demo');
  });
  it('allows 60 s of leeway on exp and nbf', () => {
    expect(validateIdToken(idToken({ exp: now - 30, nbf: now + 30 }), expected).sub).toBe('demo');
  });
  it('accepts several audiences with this client as azp', () => {
    expect(validateIdToken(idToken({ aud: [CLIENT_ID, 'api'], azp: CLIENT_ID }), expected).sub).toBe('demo');
  });
});
