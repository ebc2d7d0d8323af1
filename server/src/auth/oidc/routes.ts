import { authConfigResponse } from '@app/contract';
import type { ZodApp } from '../../context.ts';
import type { OidcSetup } from './setup.ts';

/** GET /api/auth/config: the browser's sign-in settings, so one web build works with any provider. */
export function authConfigRoutes(app: ZodApp, { browserConfig }: OidcSetup): void {
  app.get(
    '/api/auth/config',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-in settings for the browser',
        description: 'The OpenID Connect issuer, client id, API audience, scopes and token cache location.',
        response: { 200: authConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return browserConfig;
    },
  );
}
