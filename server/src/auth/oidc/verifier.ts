import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { ApiError, unauthorized } from '../../http/errors.ts';
import { asymmetricAlgorithms } from './discovery.ts';
import { type IssuerKeys, type IssuerKeysOptions, issuerKeyCache } from './issuer-keys.ts';

/** spec 9: token leeway 60 s, for exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 60;

export interface VerifiedToken {
  issuer: string;
  subject: string;
  claims: JWTPayload;
}

export interface TokenVerifier {
  /** Verifies a bearer access token; throws a 401 ApiError when it is not acceptable. */
  verify(token: string): Promise<VerifiedToken>;
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /**
   * Keys known in-process (the bundled development provider): skips discovery. Without them the keys
   * come from the issuer's discovery document and its jwks_uri.
   */
  localKeys?: JSONWebKeySet;
  /** Algorithms for localKeys; remote issuers advertise theirs. */
  localAlgorithms?: string[];
  /** The browser client's id: an ID token's audience (OIDC Core 2), so a token for it is not for the API. */
  clientId?: string;
  /** Accept only RFC 9068 access tokens, typed `at+jwt` (OIDC_REQUIRE_AT_JWT). */
  requireAtJwt?: boolean;
  /** The remote keys' clock, timings and observer (issuer-keys.ts). */
  keyCache?: Omit<IssuerKeysOptions, 'issuer'>;
}

/**
 * The API as an OAuth resource server: signature against the issuer's keys (issuer-keys.ts keeps them
 * through an outage, and fetches again when a token names a key id it has not seen), algorithm from the
 * issuer's advertised asymmetric ones (never none, never an HMAC keyed with the public key), issuer,
 * audience, expiry and not-before with 60 s leeway, and the token's type: an ID token is not an access
 * token, even when its audience also names the API.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const local = options.localKeys
    ? { getKey: createLocalJWKSet(options.localKeys), algorithms: asymmetricAlgorithms(options.localAlgorithms) }
    : null;
  const remote = local ? null : issuerKeyCache({ issuer: options.issuer, ...options.keyCache });
  // jose's key lookup for the copy in use, built once per copy.
  let built: { from: IssuerKeys; getKey: JWTVerifyGetKey } | null = null;
  const keysOf = (copy: IssuerKeys) => {
    if (built?.from !== copy) built = { from: copy, getKey: createLocalJWKSet(copy.keys) };
    return { getKey: built.getKey, algorithms: copy.algorithms };
  };

  async function check(token: string, { getKey, algorithms }: { getKey: JWTVerifyGetKey; algorithms: string[] }) {
    const { payload, protectedHeader } = await jwtVerify(token, getKey, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'sub'],
      ...(options.requireAtJwt ? { typ: 'at+jwt' } : {}),
    });
    const wrongType = notAnAccessToken(protectedHeader.typ, payload, options);
    if (wrongType) throw unauthorized(`Invalid access token: ${wrongType}`);
    return payload;
  }

  return {
    async verify(token) {
      // Not even a JWT: 401 before the issuer's keys are asked for (with the issuer away, not a 503).
      try {
        decodeProtectedHeader(token);
        decodeJwt(token);
      } catch (error) {
        throw asUnauthorized(error);
      }
      const keys = local ?? keysOf(await (remote as NonNullable<typeof remote>).current());
      let payload: JWTPayload;
      try {
        payload = await check(token, keys);
      } catch (error) {
        if (!(remote && error instanceof joseErrors.JWKSNoMatchingKey)) throw asUnauthorized(error);
        // A key id the copy lacks: the issuer may have rotated its keys since.
        const fresher = await remote.refreshForUnknownKey();
        if (!fresher) throw asUnauthorized(error);
        payload = await check(token, keysOf(fresher)).catch((again: unknown) => {
          throw asUnauthorized(again);
        });
      }
      return { issuer: options.issuer, subject: String(payload.sub), claims: payload };
    },
  };
}

/**
 * Why a verified token is not an access token for this API, or null. RFC 9068 (2.1) types access tokens
 * `at+jwt`; a provider without it sends `JWT` or no typ for both kinds, and then an ID token shows by its
 * claims: a nonce, at_hash or c_hash (OIDC Core 2, 3.1.3.6), or the client as audience. (When the API's
 * audience is the client id itself, as one app registration can make it, only the claims tell.)
 */
function notAnAccessToken(
  typ: string | undefined,
  payload: JWTPayload,
  { clientId, audience }: VerifierOptions,
): string | null {
  const type = typ?.toLowerCase().replace(/^application\//, '');
  // at+jwt, or a vendor's own access-token type built on it (Okta's okta-internal-at+jwt).
  if (type === 'at+jwt' || type?.endsWith('-at+jwt')) return null;
  if (type !== undefined && type !== 'jwt') return `a token of type "${typ}", not an access token`;
  if (['nonce', 'at_hash', 'c_hash'].some((claim) => claim in payload))
    return 'an ID token (it carries ID-token claims), not an access token';
  const audiences = [payload.aud].flat();
  if (clientId && clientId !== audience && audiences.includes(clientId))
    return 'an ID token (its audience is the client), not an access token';
  return null;
}

function asUnauthorized(error: unknown) {
  if (error instanceof ApiError) return error;
  return unauthorized(`Invalid access token: ${describeFailure(error)}`);
}

/** A short reason for logs and the 401 body; never echoes the token. */
function describeFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'typ')
    return 'not typed at+jwt (an RFC 9068 access token is required)';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim "${error.claim}" ${error.reason}`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'signing algorithm not allowed';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'no matching signing key';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature verification failed';
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return 'malformed token';
  if (error instanceof joseErrors.JWKSTimeout) return 'key set timeout';
  return 'not acceptable';
}

/** The token of an `Authorization: Bearer <token>` header, null when there is no such header. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>"');
  return match[1];
}
