import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getJson, startServer, stopAll, tempDir } from '../multi-instance/harness.ts';

/*
 * Issue 34: a production start (an external identity provider) never loads the development provider, so
 * its "Unsupported runtime" warning is not printed; with that provider unreachable, a malformed bearer
 * token is still a 401 (it was a 503: the keys were asked for first).
 */

const PORT = 3267;

afterAll(async () => {
  await stopAll();
});

describe('a production start', () => {
  it('prints no development-provider warning, and refuses a malformed token with 401', async () => {
    const { dir, remove } = tempDir('ll-production-');
    try {
      const server = await startServer(PORT, {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: path.join(dir, 'data'),
        DEMO_DATA: 'off',
        PUBLIC_URL: 'https://ledgerlight.example',
        SESSION_SECRET: 'a-production-secret-of-at-least-32-bytes',
        METRICS_TOKEN: 'a-metrics-token-of-16-plus',
        // Nothing listens there: the issuer is unreachable.
        OIDC_ISSUER: 'https://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'ledgerlight-web',
        OIDC_AUDIENCE: 'https://ledgerlight.example/api',
      });
      const malformed = await getJson(`${server.url}/api/me`, { headers: { authorization: 'Bearer not-a-jwt' } });
      expect(malformed.status).toBe(401);
      expect(malformed.body.error.code).toBe('unauthorized');
      expect((await getJson(`${server.url}/idp/.well-known/openid-configuration`)).status).toBe(404);
      expect(await server.stop()).toBe(0);
      expect(server.output.text()).toContain('listening on https://ledgerlight.example');
      expect(server.output.text()).not.toContain('oidc-provider');
      expect(server.output.text()).not.toContain('Unsupported runtime');
    } finally {
      remove();
    }
  }, 60_000);
});
