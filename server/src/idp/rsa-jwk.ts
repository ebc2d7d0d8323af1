import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';

/**
 * A new RSA key pair as JWKs. The pair is made as PEM text and read back before the JWK export: on Node 20,
 * exporting a key object that generateKeyPairSync returned as a JWK can deadlock the process for good when a
 * garbage collection runs during the export (it holds the key's lock while the collector frees the
 * generation job, which takes the same lock). Seen at `npm start`: a server stuck before listening, its main
 * thread waiting on that lock in KeyGenJob's destructor. Not testable for sure: the collection must fall
 * inside the export (a stress script hung 2 runs in 5, then none in 3).
 */
export function rsaJwkPair(): { privateJwk: JsonWebKey; publicJwk: JsonWebKey } {
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = createPrivateKey(pem);
  return {
    privateJwk: privateKey.export({ format: 'jwk' }),
    publicJwk: createPublicKey(privateKey).export({ format: 'jwk' }),
  };
}
