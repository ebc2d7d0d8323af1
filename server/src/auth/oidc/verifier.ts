import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { serviceUnavailable, unauthorized } from '../../http/errors.ts';
import { asymmetricAlgorithms, type Discovery, fetchDiscovery } from './discovery.ts';

/** spec 9: token leeway 60 s, for exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** How long a discovery document is trusted before it is fetched again. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

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
}

interface KeySource {
  keys: JWTVerifyGetKey;
  algorithms: string[];
}

/**
 * The API as an OAuth resource server: signature against the issuer's keys (jose's remote key set caches
 * them and fetches again when a token names a key id it has not seen), algorithm from the issuer's
 * advertised asymmetric ones (never none, never an HMAC keyed with the public key), issuer, audience,
 * expiry and not-before with 60 s leeway.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let source: { value: KeySource; fetchedAt: number } | null = options.localKeys
    ? {
        value: {
          keys: createLocalJWKSet(options.localKeys),
          algorithms: asymmetricAlgorithms(options.localAlgorithms),
        },
        fetchedAt: Number.POSITIVE_INFINITY,
      }
    : null;
  let pending: Promise<KeySource> | null = null;

  async function keySource(): Promise<KeySource> {
    if (source && (options.localKeys || Date.now() - source.fetchedAt < DISCOVERY_TTL_MS)) return source.value;
    // Concurrent first requests share one discovery fetch.
    pending ??= (async () => {
      try {
        const discovery: Discovery = await fetchDiscovery(options.issuer);
        const value: KeySource = {
          keys: createRemoteJWKSet(new URL(discovery.jwks_uri)),
          algorithms: asymmetricAlgorithms(discovery.id_token_signing_alg_values_supported),
        };
        source = { value, fetchedAt: Date.now() };
        return value;
      } finally {
        pending = null;
      }
    })();
    try {
      return await pending;
    } catch {
      // The provider being unreachable is not the caller's fault: 503, not 401.
      throw serviceUnavailable('The identity provider could not be reached to check the sign-in; try again shortly');
    }
  }

  return {
    async verify(token) {
      const { keys, algorithms } = await keySource();
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'sub'],
        });
        return { issuer: options.issuer, subject: String(payload.sub), claims: payload };
      } catch (error) {
        throw unauthorized(`Invalid access token: ${describeFailure(error)}`);
      }
    },
  };
}

/** A short reason for logs and the 401 body; never echoes the token. */
function describeFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
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
