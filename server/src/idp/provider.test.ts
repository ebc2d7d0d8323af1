import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDevKeys } from './provider.ts';
import { rsaJwkPair } from './rsa-jwk.ts';

describe('the development provider keys', () => {
  it('are an RSA pair made as PEM and exported as JWKs: the private key signs, the public key verifies', () => {
    const { privateJwk, publicJwk } = rsaJwkPair();
    expect(privateJwk).toMatchObject({ kty: 'RSA', n: publicJwk.n, e: 'AQAB' });
    expect(privateJwk.d).toEqual(expect.any(String));
    expect(publicJwk.d).toBeUndefined();
    expect(Buffer.from(publicJwk.n as string, 'base64url').length * 8).toBe(2048);
    const data = Buffer.from('header.payload');
    const signature = sign('sha256', data, createPrivateKey({ key: privateJwk, format: 'jwk' }));
    expect(verify('sha256', data, createPublicKey({ key: publicJwk, format: 'jwk' }), signature)).toBe(true);
  });

  it('name the signing key for the provider and its JWKS', () => {
    const keys = createDevKeys();
    const [published] = keys.publicKeys.keys;
    expect(keys.privateJwk).toMatchObject({ kid: published?.kid, alg: 'RS256', use: 'sig', kty: 'RSA' });
    expect(published).toMatchObject({ alg: 'RS256', use: 'sig', n: keys.privateJwk.n });
    expect(published).not.toHaveProperty('d');
    expect(createDevKeys().privateJwk.kid).not.toBe(keys.privateJwk.kid);
  });
});
