import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSiweMessage, parseSiweMessage, type SiweFields, validateSiweFields } from './message.ts';
import { verifySiwe } from './verify.ts';

/*
 * The official EIP-4361 test vectors (spruceid/siwe), read from ../shared/fixtures/siwe beside the
 * repository. A fresh clone has no such folder: then these suites are skipped.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const vectorsDir = path.resolve(here, '../../../../../shared/fixtures/siwe');
const haveVectors = fs.existsSync(path.join(vectorsDir, 'parsing_positive.json'));
const read = <T>(name: string): Record<string, T> =>
  JSON.parse(fs.readFileSync(path.join(vectorsDir, name), 'utf8')) as Record<string, T>;

type VerificationVector = Partial<SiweFields> & {
  signature: Hex;
  time?: string;
  domainBinding?: string;
  matchNonce?: string;
};

/** A vector's message fields (without the test controls), formatted as the message that was signed. */
function messageOf(vector: VerificationVector): string {
  const { signature: _s, time: _t, domainBinding: _d, matchNonce: _n, ...fields } = vector;
  const cleaned = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as unknown as SiweFields;
  return formatSiweMessage(cleaned);
}

async function verifyVector(vector: VerificationVector, rpcUrl?: string) {
  let message: string;
  try {
    message = messageOf(vector);
  } catch {
    return false; // a vector whose fields break EIP-4361 (e.g. 2022-02-31) can never verify
  }
  const verdict = await verifySiwe(message, vector.signature, {
    ...(vector.time ? { time: new Date(vector.time) } : {}),
    ...(vector.domainBinding ? { domain: vector.domainBinding } : {}),
    ...(vector.matchNonce ? { nonce: vector.matchNonce } : {}),
    rpcUrl,
  });
  return verdict.ok;
}

describe.skipIf(!haveVectors)('EIP-4361 vectors: parsing', () => {
  const positive = haveVectors
    ? read<{ message: string; fields: Record<string, unknown> }>('parsing_positive.json')
    : {};
  it.each(Object.entries(positive))('parses "%s"', (_name, { message, fields }) => {
    const expected = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null));
    expect(parseSiweMessage(message)).toEqual(expected);
  });

  it.each(Object.entries(positive))('formats "%s" back to the same text', (_name, { message }) => {
    expect(formatSiweMessage(parseSiweMessage(message))).toBe(message);
  });

  const negative = haveVectors ? read<string>('parsing_negative.json') : {};
  it.each(Object.entries(negative))('refuses "%s"', (_name, message) => {
    expect(() => parseSiweMessage(message)).toThrow();
  });

  const negativeObjects = haveVectors ? read<Partial<SiweFields>>('parsing_negative_objects.json') : {};
  it.each(Object.entries(negativeObjects))('refuses the fields "%s"', (_name, fields) => {
    expect(() => validateSiweFields(fields)).toThrow();
  });
});

describe.skipIf(!haveVectors)('EIP-4361 vectors: verification', () => {
  const positive = haveVectors ? read<VerificationVector>('verification_positive.json') : {};
  it.each(Object.entries(positive))('accepts "%s"', async (_name, vector) => {
    expect(await verifyVector(vector)).toBe(true);
  });

  const negative = haveVectors ? read<VerificationVector>('verification_negative.json') : {};
  it.each(Object.entries(negative))('refuses "%s"', async (_name, vector) => {
    expect(await verifyVector(vector)).toBe(false);
  });
});

/**
 * ERC-1271 contract wallets (Argent, Loopring): their signatures do not recover to the wallet address,
 * so offline they must fail; with an RPC URL the chain decides. The chain here is a local JSON-RPC
 * server that answers eth_call like a node would for the ERC-6492 validator (a 32-byte boolean).
 */
describe.skipIf(!haveVectors)('EIP-4361 vectors: contract wallets', () => {
  const wallets = haveVectors ? read<{ message: string; signature: Hex }>('eip1271.json') : {};
  let answer = true;
  const calls: string[] = [];
  let server: http.Server;
  let rpcUrl = '';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const rpc = JSON.parse(body) as { id: number; method: string; params: [{ data?: string }] };
        calls.push(`${rpc.method}:${rpc.params[0]?.data ?? ''}`);
        const result =
          rpc.method === 'eth_call'
            ? `0x${'0'.repeat(63)}${answer ? '1' : '0'}`
            : rpc.method === 'eth_chainId'
              ? '0x1'
              : null;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(Object.entries(wallets))('%s: the message parses', (_name, { message }) => {
    expect(parseSiweMessage(message).chainId).toBe(1);
  });

  it.each(Object.entries(wallets))('%s: refused offline (no RPC to ask)', async (_name, { message, signature }) => {
    const verdict = await verifySiwe(message, signature);
    expect(verdict).toMatchObject({ ok: false, field: 'signature' });
  });

  it.each(Object.entries(wallets))('%s: accepted when the chain says the signature is valid', async (_name, wallet) => {
    answer = true;
    calls.length = 0;
    expect((await verifySiwe(wallet.message, wallet.signature, { rpcUrl })).ok).toBe(true);
    const address = parseSiweMessage(wallet.message).address.slice(2).toLowerCase();
    expect(calls.some((call) => call.startsWith('eth_call:') && call.toLowerCase().includes(address))).toBe(true);
  });

  it.each(Object.entries(wallets))('%s: refused when the chain says it is not', async (_name, wallet) => {
    answer = false;
    expect((await verifySiwe(wallet.message, wallet.signature, { rpcUrl })).ok).toBe(false);
  });
});
