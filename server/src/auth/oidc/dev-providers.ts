import { decodeJwt } from 'jose';
import type { Config } from '../../config.ts';
import { createDevKeys, createDevProvider, type DevProvider } from '../../idp/provider.ts';
import { createTokenVerifier, type TokenVerifier } from './verifier.ts';

/*
 * The development provider's instances (imported by setup.ts only when it is mounted: never in production,
 * never with OIDC_ISSUER).
 */

/** localhost, a name, an IPv4 or a bracketed IPv6 address, with an optional port. */
const SERVABLE_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Addresses served at once; the least recently created goes first (its sessions with it). */
const MAX_ADDRESSES = 16;

/**
 * The development provider at every address the app is reached at (issue 20): a browser at
 * http://127.0.0.1:3000 or a LAN address signs in at that address's /idp, not at PUBLIC_URL's, which the
 * page's CSP (connect-src 'self') would block and a LAN browser may not reach. One provider per address
 * (oidc-provider has one issuer each), all with the same keys, demo user and client; the API accepts the
 * tokens of each and files them under the configured issuer (OIDC_ISSUER), so the user is the same one
 * whichever address they signed in at. Development only: production names its provider (config.ts).
 */
export function devProviders(config: Config) {
  const keys = createDevKeys();
  const providers = new Map<string, { dev: DevProvider; verifier: TokenVerifier }>();
  function create(origin: string) {
    const issuer = `${origin}/idp`;
    const options = { issuer, publicUrl: origin, clientId: config.OIDC_CLIENT_ID, audience: config.OIDC_AUDIENCE };
    const dev = createDevProvider(options, keys);
    const verifier = createTokenVerifier({
      issuer,
      audience: config.OIDC_AUDIENCE,
      localKeys: keys.publicKeys,
      localAlgorithms: ['RS256'],
    });
    return { dev, verifier };
  }
  const home = create(config.PUBLIC_URL);
  providers.set(config.PUBLIC_URL, home);

  function forOrigin(origin: string): DevProvider | null {
    const known = providers.get(origin);
    if (known) return known.dev;
    const host = /^https?:\/\/(.+)$/.exec(origin)?.[1];
    if (!host || !SERVABLE_HOST.test(host)) return null;
    if (providers.size >= MAX_ADDRESSES) {
      const oldest = [...providers.keys()].find((key) => key !== config.PUBLIC_URL);
      if (oldest) providers.delete(oldest);
    }
    const made = create(origin);
    providers.set(origin, made);
    return made.dev;
  }

  const verifier: TokenVerifier = {
    async verify(token) {
      let issuer: string | undefined;
      try {
        issuer = decodeJwt(token).iss;
      } catch {
        // Not a JWT: the home verifier says so in its own words.
      }
      const own = (issuer && providers.get(issuer.replace(/\/idp$/, ''))?.verifier) || home.verifier;
      const verified = await own.verify(token);
      return { ...verified, issuer: config.OIDC_ISSUER };
    },
  };
  return { forOrigin, verifier };
}
