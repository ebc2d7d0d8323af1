import type { AuthConfigResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { mountDevProvider } from '../../idp/mount.ts';
import { createDevProvider } from '../../idp/provider.ts';
import { createTokenVerifier, type TokenVerifier } from './verifier.ts';

export interface OidcSetup {
  verifier: TokenVerifier;
  /** What GET /api/auth/config tells the browser. */
  browserConfig: AuthConfigResponse;
  /** Origins the CSP must allow for an external provider (token calls, the silent sign-in iframe). */
  externalOrigins: string[];
}

/**
 * Sign-in with OpenID Connect: an external provider by OIDC_ISSUER, or (demo mode) the development
 * provider mounted under /idp. The API verifies either one's tokens the same way.
 */
export async function setUpOidc(app: FastifyInstance, config: Config): Promise<OidcSetup> {
  const browserConfig: AuthConfigResponse = {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    audience: config.OIDC_AUDIENCE,
    scopes: config.OIDC_SCOPES,
    cacheLocation: config.OIDC_CACHE_LOCATION,
    devProvider: config.OIDC_DEV_PROVIDER,
  };
  if (!config.OIDC_DEV_PROVIDER) {
    const verifier = createTokenVerifier({ issuer: config.OIDC_ISSUER, audience: config.OIDC_AUDIENCE });
    return { verifier, browserConfig, externalOrigins: [new URL(config.OIDC_ISSUER).origin] };
  }
  // config.ts refuses NODE_ENV=production without OIDC_ISSUER; this is the second lock on that door.
  if (config.NODE_ENV === 'production') throw new Error('The development identity provider never runs in production');
  const dev = createDevProvider({
    issuer: config.OIDC_ISSUER,
    publicUrl: config.PUBLIC_URL,
    clientId: config.OIDC_CLIENT_ID,
    audience: config.OIDC_AUDIENCE,
  });
  await mountDevProvider(app, dev);
  const verifier = createTokenVerifier({
    issuer: config.OIDC_ISSUER,
    audience: config.OIDC_AUDIENCE,
    localKeys: dev.publicKeys,
    localAlgorithms: ['RS256'],
  });
  return { verifier, browserConfig, externalOrigins: [] };
}
