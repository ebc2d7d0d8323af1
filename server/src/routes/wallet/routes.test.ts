import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { issueWalletMessage } from '../../auth/wallet/login.ts';
import { formatSiweMessage } from '../../auth/wallet/message.ts';
import { readWalletSession, WALLET_SESSION_COOKIE } from '../../auth/wallet/sessions.ts';
import { signMessageToken } from '../../auth/wallet/token.ts';
import { noteWriteOk } from '../../db/storage-health.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const PUBLIC_URL = 'https://ledger.example';
const env = { SESSION_SECRET: SECRET, PUBLIC_URL };

describe.each(testDatabases())('wallet sign-in on $engine', (target) => {
  let t: TestApp;
  const account = privateKeyToAccount(generatePrivateKey());
  const other = privateKeyToAccount(generatePrivateKey());

  beforeEach(async () => {
    t = await startTestApp(target, env);
  });
  afterEach(async () => {
    await t.close();
  });

  async function nonce(address: string = account.address, query = '') {
    const response = await t.app.inject({ url: `/api/auth/wallet/nonce?address=${address}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ nonce: string; message: string; token: string }>();
  }

  function verify(address: string, body: { token: string; signature: string }) {
    return t.app.inject({ method: 'POST', url: `/api/auth/wallet/verify-login?address=${address}`, payload: body });
  }

  function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
    const cookie = response.cookies.find((c) => c.name === WALLET_SESSION_COOKIE);
    if (!cookie) throw new Error('no session cookie');
    return cookie.value;
  }

  it('issues an EIP-4361 message for PUBLIC_URL that expires within 10 minutes', async () => {
    const before = Date.now();
    const issued = await nonce(account.address.toLowerCase());
    const lines = issued.message.split('\n');
    expect(lines[0]).toBe('ledger.example wants you to sign in with your Ethereum account:');
    expect(lines[1]).toBe(account.address);
    expect(issued.message).toContain('\nURI: https://ledger.example\n');
    expect(issued.message).toContain('\nChain ID: 1\n');
    expect(issued.message).toContain(`\nNonce: ${issued.nonce}\n`);
    const issuedAt = Date.parse(/Issued At: (.+)/.exec(issued.message)?.[1] ?? '');
    const expires = Date.parse(/Expiration Time: (.+)/.exec(issued.message)?.[1] ?? '');
    expect(issuedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(expires - issuedAt).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(expires).toBeGreaterThan(issuedAt);
  });

  it('signs in with a valid signature, keeps the session and ends it', async () => {
    const issued = await nonce(account.address, '&chainId=137');
    expect(issued.message).toContain('\nChain ID: 137\n');
    const signature = await account.signMessage({ message: issued.message });
    const response = await verify(account.address.toLowerCase(), { token: issued.token, signature });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ address: account.address });
    const set = response.cookies.find((c) => c.name === WALLET_SESSION_COOKIE);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    const cookies = { [WALLET_SESSION_COOKIE]: sessionCookie(response) };

    // Case-insensitive address in the check; another address is refused.
    const check = await t.app.inject({
      url: `/api/auth/wallet/test-login?address=${account.address.toUpperCase().replace('0X', '0x')}`,
      cookies,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ address: account.address });
    const wrong = await t.app.inject({ url: `/api/auth/wallet/test-login?address=${other.address}`, cookies });
    expect(wrong.statusCode).toBe(401);

    // The users row was created for the address, and the resolver helper sees the session.
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('wallet_address', '=', account.address.toLowerCase())
      .executeTakeFirstOrThrow();
    const session = await readWalletSession(t.database.db, { cookies } as unknown as FastifyRequest);
    expect(session).toEqual({ userId: user.id, address: account.address.toLowerCase() });

    const cleared = await t.app.inject({ method: 'POST', url: '/api/auth/wallet/clear-login', cookies });
    expect(cleared.statusCode).toBe(204);
    expect(cleared.cookies.find((c) => c.name === WALLET_SESSION_COOKIE)?.value).toBe('');
    const after = await t.app.inject({ url: '/api/auth/wallet/test-login', cookies });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('signs the same wallet in twice with one users row', async () => {
    for (let i = 0; i < 2; i++) {
      const issued = await nonce();
      const response = await verify(account.address, {
        token: issued.token,
        signature: await account.signMessage({ message: issued.message }),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it.runIf(target.engine === 'sqlite')(
    'answers a sign-in the full disk cannot save with 503 storage_full, never 500 (issue 34)',
    async () => {
      // SQLite's page cap on this connection: a write needing a new page fails with SQLITE_FULL.
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db)).rows[0]?.page_count;
      await sql.raw(`pragma max_page_count = ${pages}`).execute(t.database.db);
      let response = { statusCode: 200, body: '' };
      // Wallets sign in (a nonce, then the signed message) until the pages there are hold no more.
      for (let n = 0; n < 400 && response.statusCode === 200; n++) {
        const wallet = privateKeyToAccount(generatePrivateKey());
        response = await t.app.inject({ url: `/api/auth/wallet/nonce?address=${wallet.address}` });
        if (response.statusCode !== 200) break;
        const issued = JSON.parse(response.body) as { token: string; message: string };
        response = await verify(wallet.address, {
          token: issued.token,
          signature: await wallet.signMessage({ message: issued.message }),
        });
      }
      expect(response.statusCode, response.body).toBe(503);
      expect(JSON.parse(response.body).error).toMatchObject({
        code: 'service_unavailable',
        details: { reason: 'storage_full' },
      });
      await sql.raw('pragma max_page_count = 1073741823').execute(t.database.db);
      noteWriteOk();
    },
  );

  it('refuses a signature by another address', async () => {
    const issued = await nonce();
    const response = await verify(account.address, {
      token: issued.token,
      signature: await other.signMessage({ message: issued.message }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/signature/);
  });

  it('refuses the token for another address than it was issued for', async () => {
    const issued = await nonce();
    const response = await verify(other.address, {
      token: issued.token,
      signature: await other.signMessage({ message: issued.message }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe('address');
  });

  it('refuses an expired message', async () => {
    const past = new Date(Date.now() - 11 * 60 * 1000);
    const issued = await issueWalletMessage(t.database.db, { PUBLIC_URL }, SECRET, {
      address: account.address,
      chainId: 1,
      now: past,
    });
    const response = await verify(account.address, {
      token: issued.token,
      signature: await account.signMessage({ message: issued.message }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/expired/);
  });

  it('refuses a reused nonce (replay)', async () => {
    const issued = await nonce();
    const body = { token: issued.token, signature: await account.signMessage({ message: issued.message }) };
    expect((await verify(account.address, body)).statusCode).toBe(200);
    const replay = await verify(account.address, body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toMatch(/already used/);
  });

  it('consumes a nonce once when two sign-ins race', async () => {
    const issued = await nonce();
    const body = { token: issued.token, signature: await account.signMessage({ message: issued.message }) };
    const results = await Promise.all([verify(account.address, body), verify(account.address, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a tampered message', async () => {
    const issued = await nonce();
    const [body, mac] = issued.token.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as { message: string };
    payload.message = payload.message.replace('Chain ID: 1', 'Chain ID: 56');
    const tampered = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    const response = await verify(account.address, {
      token: tampered,
      signature: await account.signMessage({ message: payload.message }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe('token');
  });

  it('refuses a message for another domain', async () => {
    // Another deployment sharing the secret (or PUBLIC_URL changed) issued it.
    const issued = await issueWalletMessage(t.database.db, { PUBLIC_URL: 'https://phish.example' }, SECRET, {
      address: account.address,
      chainId: 1,
    });
    const response = await verify(account.address, {
      token: issued.token,
      signature: await account.signMessage({ message: issued.message }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/phish\.example/);
  });

  it('refuses a message for a chain it does not support', async () => {
    const bad = await t.app.inject({ url: `/api/auth/wallet/nonce?address=${account.address}&chainId=999` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.field).toBe('chainId');

    const now = new Date();
    const message = formatSiweMessage({
      domain: 'ledger.example',
      address: account.address,
      uri: 'https://ledger.example',
      version: '1',
      chainId: 999,
      nonce: 'abcdefgh12345678',
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + 60_000).toISOString(),
    });
    const token = signMessageToken(SECRET, {
      v: 1,
      message,
      address: account.address.toLowerCase(),
      exp: now.getTime() + 60_000,
    });
    const response = await verify(account.address, { token, signature: await account.signMessage({ message }) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/chain 999/);
  });

  it.each([
    ['/api/auth/wallet/nonce', 'address'],
    ['/api/auth/wallet/nonce?address=0x123', 'address'],
    ['/api/auth/wallet/nonce?address=0x9D85ca56217D2bb651b00f15e694EB7E713637D4&chainId=x', 'chainId'],
    ['/api/auth/wallet/test-login?address=nope', 'address'],
  ])('GET %s is a 400 naming %s', async (url, field) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe(field);
  });

  it.each([
    [{ token: 'x' }, 'signature'],
    [{ signature: '0x00' }, 'token'],
    [{ token: 'x', signature: 'zz' }, 'signature'],
    [{ token: 'not-a-token', signature: '0x1234' }, 'token'],
  ])('POST verify-login with %j is a 400 naming %s', async (payload, field) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/wallet/verify-login?address=${account.address}`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details.field).toBe(field);
  });

  it('refuses a malformed signature with a 401, not a 500', async () => {
    const issued = await nonce();
    const response = await verify(account.address, { token: issued.token, signature: '0x1234' as Hex });
    expect(response.statusCode).toBe(401);
  });

  it('serves the browser configuration', async () => {
    const response = await t.app.inject({ url: '/api/auth/wallet/config' });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config.chains.map((c: { id: number }) => c.id)).toEqual([1, 11155111, 42161, 56, 137]);
    expect(config).toMatchObject({ walletConnectProjectId: null, termsUrl: null, privacyUrl: null });
  });
});

describe('wallet sign-in without SESSION_SECRET', () => {
  it('creates one signing key in the database and keeps using it', async () => {
    const [target] = testDatabases();
    if (!target) throw new Error('no database');
    const t = await startTestApp(target, { PUBLIC_URL });
    try {
      const account = privateKeyToAccount(generatePrivateKey());
      const issued = await t.app.inject({ url: `/api/auth/wallet/nonce?address=${account.address}` });
      const { message, token } = issued.json<{ message: string; token: string }>();
      const stored = await t.database.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'wallet_token_secret')
        .execute();
      expect(stored).toHaveLength(1);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/auth/wallet/verify-login?address=${account.address}`,
        payload: { token, signature: await account.signMessage({ message }) },
      });
      expect(response.statusCode, response.body).toBe(200);
      // Secure is set only behind https.
      expect(response.cookies.find((c) => c.name === WALLET_SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
