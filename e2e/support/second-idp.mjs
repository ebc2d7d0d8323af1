#!/usr/bin/env node
// A second, separately started OpenID Provider for the end-to-end tests: its own port, issuer, client,
// audience, keys and login pages (oidc-provider's built-in development interactions, which accept any
// login). The app is started against it with OIDC_ISSUER to show nothing is tied to the bundled provider.
// Usage: node support/second-idp.mjs <port> <app origin>
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

const port = Number(process.argv[2] ?? 3202);
const appOrigin = process.argv[3] ?? 'http://127.0.0.1:3203';
const issuer = `http://127.0.0.1:${port}`;
const SECOND_CLIENT_ID = 'second-client';
const SECOND_AUDIENCE = 'https://second-api.example';

// Made as PEM and read back before the JWK export: exporting the key object generateKeyPairSync returns
// can deadlock Node 20 for good if a garbage collection runs during the export (server/src/idp/rsa-jwk.ts).
const { privateKey: pem } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const jwk = {
  ...createPrivateKey(pem).export({ format: 'jwk' }),
  kid: `second-${randomBytes(4).toString('hex')}`,
  alg: 'RS256',
  use: 'sig',
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: SECOND_CLIENT_ID,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${appOrigin}/auth/callback`],
      post_logout_redirect_uris: [`${appOrigin}/`],
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
  conformIdTokenClaims: false,
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, name: `${id} (second provider)`, email: `${id}@second.example` }),
  }),
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
  // The app calls the token endpoint from its own origin.
  clientBasedCORS: (_ctx, origin) => origin === appOrigin,
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => SECOND_AUDIENCE,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: 'openid profile email offline_access',
        audience: SECOND_AUDIENCE,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
  },
});

const server = provider.listen(port, '127.0.0.1', () => {
  process.stdout.write(`second OpenID Provider at ${issuer}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
