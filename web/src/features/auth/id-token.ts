import { AuthError } from './errors.ts';

/** spec 9: token leeway 60 s. */
export const ID_TOKEN_LEEWAY_SECONDS = 60;

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorize request; checked only when one was sent. */
  nonce?: string | undefined;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
  leeway?: number;
}

export type IdTokenClaims = Record<string, unknown> & { sub: string; iss: string; exp: number; iat: number };

function decodePart(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')), (c) =>
    c.charCodeAt(0),
  );
  const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

const fail = (why: string): never => {
  throw new AuthError('invalid_id_token', `ID token ${why}`);
};

/**
 * The ID token checks of spec 5, with 60 s leeway: 3 parts; issuer; subject; RS256; audience (and azp
 * when there are several audiences); nonce when one was sent; exp and iat numbers; nbf and auth_time when
 * present. The signature itself came over TLS from the token endpoint (OIDC Core 3.1.3.7, item 6).
 */
export function validateIdToken(token: string | undefined, expected: IdTokenExpectations): IdTokenClaims {
  if (!token) return fail('is missing');
  const parts = token.split('.');
  if (parts.length !== 3) return fail('must have 3 parts');
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodePart(parts[0] ?? '');
    claims = decodePart(parts[1] ?? '');
  } catch {
    return fail('cannot be decoded');
  }
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  const leeway = expected.leeway ?? ID_TOKEN_LEEWAY_SECONDS;
  if (claims.iss !== expected.issuer) fail(`issuer ${String(claims.iss)} is not ${expected.issuer}`);
  if (typeof claims.sub !== 'string' || claims.sub === '') fail('has no subject (sub)');
  if (header.alg !== 'RS256') fail(`is signed with ${String(header.alg)}, not RS256`);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) fail('audience does not include this client');
  if (audiences.length > 1) {
    if (typeof claims.azp !== 'string') fail('has several audiences but no azp');
    if (claims.azp !== expected.clientId) fail('azp is not this client');
  }
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) fail('nonce does not match');
  if (typeof claims.exp !== 'number') fail('exp is not a number');
  if (typeof claims.iat !== 'number') fail('iat is not a number');
  if ((claims.exp as number) + leeway < now) fail('has expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf - leeway > now))
    fail('is not valid yet');
  if (claims.auth_time !== undefined && (typeof claims.auth_time !== 'number' || claims.auth_time - leeway > now))
    fail('auth_time is in the future');
  return claims as IdTokenClaims;
}
