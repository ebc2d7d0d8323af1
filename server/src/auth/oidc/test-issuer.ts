import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/*
 * A stand-in OpenID Provider for tests: discovery and JWKS over real HTTP on 127.0.0.1, and tokens
 * signed with its own test key. Used only by tests (nothing in the server imports it).
 */
export interface TestIssuer {
  issuer: string;
  audience: string;
  publicPem: string;
  /** Signs an access token; the claims given override the defaults (iss, aud, sub, iat, exp). */
  sign(claims?: JWTPayload, options?: { kid?: string; key?: CryptoKey }): Promise<string>;
  /** Adds a key to the published JWKS (a key rotation) and returns it with its kid. */
  rotate(): Promise<{ kid: string; privateKey: CryptoKey }>;
  jwksRequests(): number;
  close(): Promise<void>;
}

export async function startTestIssuer(audience = 'https://api.test.example'): Promise<TestIssuer> {
  const first = await generateKeyPair('RS256', { extractable: true });
  const published: JWK[] = [{ ...(await exportJWK(first.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }];
  let jwksCount = 0;
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          authorization_endpoint: `${issuer}/authorize`,
          id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
        }),
      );
    } else if (req.url === '/jwks') {
      jwksCount += 1;
      res.end(JSON.stringify({ keys: published }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicPem = createPublicKey({ key: (await exportJWK(first.publicKey)) as JsonWebKey, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();

  return {
    issuer,
    audience,
    publicPem,
    async sign(claims = {}, { kid = 'key-1', key = first.privateKey } = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: audience, sub: 'user-1', iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .sign(key);
    },
    async rotate() {
      const next = await generateKeyPair('RS256', { extractable: true });
      const kid = `key-${published.length + 1}`;
      published.push({ ...(await exportJWK(next.publicKey)), kid, alg: 'RS256', use: 'sig' });
      return { kid, privateKey: next.privateKey };
    },
    jwksRequests: () => jwksCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
