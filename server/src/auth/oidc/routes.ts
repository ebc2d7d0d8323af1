import { authConfigResponse } from '@app/contract';
import type { ZodApp } from '../../context.ts';
import type { OidcSetup } from './setup.ts';

/**
 * GET /api/auth/config: the browser's sign-in settings, so one web build works with any provider. The
 * development provider's issuer is the address the browser used (setup.ts, devProviders).
 */
export function authConfigRoutes(app: ZodApp, { browserConfig }: OidcSetup): void {
  app.get(
    '/api/auth/config',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-in settings for the browser',
        description:
          'The OpenID Connect issuer, client id, API audience, scopes, token cache location and the address ' +
          'the app is configured at (PUBLIC_URL).',
        response: { 200: authConfigResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      // The development provider's issuer depends on the Host: a cache must not hand one address's to another.
      reply.header('vary', 'Host');
      return browserConfig(request);
    },
  );
}
