import type { JSONWebKeySet } from 'jose';

/** The parts of an OpenID Provider's discovery document the API and the browser use. */
export interface Discovery {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint?: string;
  end_session_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
}

/** Fetches `{issuer}/.well-known/openid-configuration` and checks it names the same issuer (OIDC Discovery 4.3). */
export async function fetchDiscovery(issuer: string, timeoutMs = 5000): Promise<Discovery> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as Partial<Discovery>;
  if (document.issuer !== issuer) throw new Error(`discovery names issuer ${String(document.issuer)}, not ${issuer}`);
  if (typeof document.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
  return document as Discovery;
}

/** Fetches the issuer's JSON Web Key Set (RFC 7517 5): an object with a `keys` array. */
export async function fetchKeySet(jwksUri: string, timeoutMs = 5000): Promise<JSONWebKeySet> {
  const response = await fetch(jwksUri, {
    headers: { accept: 'application/jwk-set+json, application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`key set answered ${response.status}`);
  const document = (await response.json()) as Partial<JSONWebKeySet> | null;
  if (!Array.isArray(document?.keys)) throw new Error('key set has no keys array');
  return { keys: document.keys.filter((key) => typeof key === 'object' && key !== null) };
}

// Asymmetric JWS algorithms only: "none" and the HMAC family (HS*) would let anyone holding the public
// key, or nobody at all, mint tokens.
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^ES256K$|^EdDSA$|^Ed25519$/;

/** The issuer's advertised algorithms that are asymmetric; RS256 when it advertises none. */
export function asymmetricAlgorithms(advertised: string[] | undefined): string[] {
  const usable = (advertised ?? []).filter((alg) => ASYMMETRIC.test(alg));
  return usable.length > 0 ? usable : ['RS256'];
}
