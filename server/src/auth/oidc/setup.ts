import type { AuthConfigResponse } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { mountDevProvider } from '../../idp/mount.ts';
import type { IssuerKeysObserver } from './issuer-keys.ts';
import { createTokenVerifier, type TokenVerifier } from './verifier.ts';

export interface OidcSetup {
  verifier: TokenVerifier;
  /** What GET /api/auth/config tells the browser that asked. */
  browserConfig: (request: FastifyRequest) => AuthConfigResponse;
  /** Origins the CSP must allow for an external provider (token calls, the silent sign-in iframe). */
  externalOrigins: string[];
}

/**
 * Sign-in with OpenID Connect: an external provider by OIDC_ISSUER, or (demo mode) the development
 * provider mounted under /idp. The API verifies either one's tokens the same way.
 */
export async function setUpOidc(
  app: FastifyInstance,
  config: Config,
  issuerKeys?: IssuerKeysObserver,
): Promise<OidcSetup> {
  const settings = (issuer: string): AuthConfigResponse => ({
    issuer,
    clientId: config.OIDC_CLIENT_ID,
    audience: config.OIDC_AUDIENCE,
    scopes: config.OIDC_SCOPES,
    cacheLocation: config.OIDC_CACHE_LOCATION,
    devProvider: config.OIDC_DEV_PROVIDER,
    publicUrl: config.PUBLIC_URL,
  });
  if (!config.OIDC_DEV_PROVIDER) {
    const verifier = createTokenVerifier({
      issuer: config.OIDC_ISSUER,
      audience: config.OIDC_AUDIENCE,
      // An ID token for the browser client is not an access token for the API (docs/auth.md).
      clientId: config.OIDC_CLIENT_ID,
      requireAtJwt: config.OIDC_REQUIRE_AT_JWT,
      keyCache: issuerKeys ? { observer: issuerKeys } : {},
    });
    const fixed = settings(config.OIDC_ISSUER);
    return { verifier, browserConfig: () => fixed, externalOrigins: [new URL(config.OIDC_ISSUER).origin] };
  }
  // config.ts refuses NODE_ENV=production without OIDC_ISSUER; this is the second lock on that door.
  if (config.NODE_ENV === 'production') throw new Error('The development identity provider never runs in production');
  // Loaded only here (issue 34): oidc-provider, its Koa stack and its start-up warning stay out of a server
  // with an external provider, production always.
  const { devProviders } = await import('./dev-providers.ts');
  const dev = devProviders(config);
  await mountDevProvider(app, (request) => dev.forOrigin(requestOrigin(request))?.provider ?? null);
  return {
    verifier: dev.verifier,
    browserConfig: (request) => {
      const origin = requestOrigin(request);
      return settings(dev.forOrigin(origin) ? `${origin}/idp` : config.OIDC_ISSUER);
    },
    externalOrigins: [],
  };
}

/** The address the browser used: scheme (X-Forwarded-Proto behind a trusted proxy) and Host. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
