import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { rsaJwkPair } from '../../idp/rsa-jwk.ts';

/*
 * A stand-in OpenID Provider for tests: discovery and JWKS over real HTTP on 127.0.0.1, and tokens
 * signed with its own test key. Used only by tests (nothing in the server imports it).
 */
/** How the issuer answers: normally, with 503s (down), or not at all until it is up again (hanging). */
export type IssuerState = 'up' | 'down' | 'hanging';

export interface TestIssuer {
  issuer: string;
  audience: string;
  publicPem: string;
  /**
   * Signs an access token; the claims given override the defaults (iss, aud, sub, iat, exp). The header's
   * typ is at+jwt (RFC 9068) unless `typ` says otherwise (null: no typ).
   */
  sign(claims?: JWTPayload, options?: { kid?: string; key?: CryptoKey; typ?: string | null }): Promise<string>;
  /** Adds a key to the published JWKS (a key rotation) and returns it with its kid. */
  rotate(): Promise<{ kid: string; privateKey: CryptoKey }>;
  jwksRequests(): number;
  discoveryRequests(): number;
  /** Puts the issuer down or hanging (requests then wait until it is up again), or back up. */
  setState(state: IssuerState): void;
  close(): Promise<void>;
}

export async function startTestIssuer(audience = 'https://api.test.example'): Promise<TestIssuer> {
  const first = await rs256Pair();
  const published: JWK[] = [{ ...(await exportJWK(first.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }];
  let jwksCount = 0;
  let discoveryCount = 0;
  let issuer = '';
  let state: IssuerState = 'up';
  let held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    if (state === 'hanging') {
      held.push(() => answer(req, res));
      return;
    }
    answer(req, res);
  });
  function answer(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('content-type', 'application/json');
    if (state === 'down') {
      res.statusCode = 503;
      res.end('{"error":"temporarily_unavailable"}');
    } else if (req.url === '/.well-known/openid-configuration') {
      discoveryCount += 1;
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
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicPem = createPublicKey({ key: (await exportJWK(first.publicKey)) as JsonWebKey, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();

  return {
    issuer,
    audience,
    publicPem,
    async sign(claims = {}, { kid = 'key-1', key = first.privateKey, typ = 'at+jwt' } = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: audience, sub: 'user-1', iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, ...(typ === null ? {} : { typ }) })
        .sign(key);
    },
    async rotate() {
      const next = await rs256Pair();
      const kid = `key-${published.length + 1}`;
      published.push({ ...(await exportJWK(next.publicKey)), kid, alg: 'RS256', use: 'sig' });
      return { kid, privateKey: next.privateKey };
    },
    jwksRequests: () => jwksCount,
    discoveryRequests: () => discoveryCount,
    setState(next) {
      state = next;
      if (next === 'hanging') return;
      const waiting = held;
      held = [];
      for (const release of waiting) release();
    },
    close() {
      state = 'down';
      for (const release of held) release();
      held = [];
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An RS256 pair for signing tokens, made without the JWK export that can deadlock Node 20 (idp/rsa-jwk.ts). */
async function rs256Pair(): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  const { privateJwk, publicJwk } = rsaJwkPair();
  const privateKey = (await importJWK(privateJwk as JWK, 'RS256', { extractable: true })) as CryptoKey;
  const publicKey = (await importJWK(publicJwk as JWK, 'RS256', { extractable: true })) as CryptoKey;
  return { privateKey, publicKey };
}
