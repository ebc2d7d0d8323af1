import { startTestIssuer, type TestIssuer } from '../src/auth/oidc/test-issuer.ts';
import { startTestApp, type TestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';

export interface SignedInTestApp extends TestApp {
  issuer: TestIssuer;
  /** The Authorization header of a user of the test issuer. */
  bearer(sub: string): Promise<{ authorization: string }>;
}

/** The real app configured against a real local OpenID issuer (discovery + JWKS) whose key signs tokens. */
export async function startSignedInTestApp(
  target: TestDatabase,
  clientId = 'web',
  env: Record<string, string> = {},
): Promise<SignedInTestApp> {
  const issuer = await startTestIssuer();
  const test = await startTestApp(target, {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_AUDIENCE: issuer.audience,
    ...env,
  });
  return {
    ...test,
    issuer,
    bearer: async (sub) => ({ authorization: `Bearer ${await issuer.sign({ sub })}` }),
    async close() {
      await test.close();
      await issuer.close();
    },
  };
}
