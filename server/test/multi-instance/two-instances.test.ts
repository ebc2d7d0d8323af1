import http from 'node:http';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIssuer, type TestIssuer } from '../../src/auth/oidc/test-issuer.ts';
import { WALLET_SESSION_COOKIE } from '../../src/auth/wallet/sessions.ts';
import { pgUrl } from '../databases.ts';
import {
  createDatabase,
  getJson,
  runIngest,
  type ServerProcess,
  startServer,
  stopAll,
  waitForDemoUniverse,
} from './harness.ts';

/*
 * Issue 9, "Several instances": two server processes on one PostgreSQL, requests alternating between
 * them. Everything a person's session depends on lives in the database, so either instance answers.
 */
const PUBLIC_URL = 'http://ledgerlight.test'; // one public address for both, as behind a load balancer
const SECRET = 'multi-instance-secret-0123456789abcdef';

describe.skipIf(!pgUrl)('two instances on one PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let issuer: TestIssuer;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createDatabase(pgUrl as string);
    issuer = await startTestIssuer();
    env = {
      DATABASE_URL: database.url,
      PUBLIC_URL,
      SESSION_SECRET: SECRET,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: issuer.audience,
      // A part of the demo universe: what is tested is two instances sharing one database, not its size.
      DEMO_COMPANIES: '70',
    };
    // The first seeds the demo universe (in the background once it listens); the second finds it there.
    a = await startServer(3241, env);
    await waitForDemoUniverse(a.url);
    b = await startServer(3242, { ...env, LOG_LEVEL: 'info' }); // its shutdown log is checked
  }, 420_000);

  afterAll(async () => {
    await stopAll();
    await issuer?.close();
    await database?.drop();
  }, 60_000);

  it('keeps a wallet session opened on one valid on the other, and a used nonce dead on both', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const issued = await getJson(`${a.url}/api/auth/wallet/nonce?address=${account.address}`);
    expect(issued.status).toBe(200);
    const signature = await account.signMessage({ message: issued.body.message });
    const login = await fetch(`${a.url}/api/auth/wallet/verify-login?address=${account.address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: issued.body.token, signature }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${WALLET_SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    const session = (cookie as string).split(';')[0] as string;

    const onB = await getJson(`${b.url}/api/auth/wallet/test-login`, { headers: { cookie: session } });
    expect(onB).toMatchObject({ status: 200, body: { address: account.address } });
    const me = await getJson(`${b.url}/api/me`, { headers: { cookie: session } });
    expect(me.body.via).toBe('wallet');
    expect(me.body.walletAddress.toLowerCase()).toBe(account.address.toLowerCase());

    const replay = await getJson(`${b.url}/api/auth/wallet/verify-login?address=${account.address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: issued.body.token, signature }),
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toBe('Sign-in failed: this message was already used or has expired');

    // Signed out through B: the session is gone on A too.
    const out = await fetch(`${b.url}/api/auth/wallet/clear-login`, { method: 'POST', headers: { cookie: session } });
    expect(out.status).toBe(204);
    expect((await getJson(`${a.url}/api/auth/wallet/test-login`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('reads through one the watchlist and referral written through the other', async () => {
    const auth = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub })}` });
    const put = await getJson(`${a.url}/api/me/watchlist`, {
      method: 'PUT',
      headers: { ...(await auth('mia')), 'content-type': 'application/json' },
      body: JSON.stringify({ tickers: ['SOLQ', 'WQND'] }),
    });
    expect(put.status).toBe(200);
    const read = await getJson(`${b.url}/api/me/watchlist`, { headers: await auth('mia') });
    expect(read.body).toEqual({ tickers: ['SOLQ', 'WQND'] });

    const ref = (server: ServerProcess, code: string) =>
      auth('mia').then((headers) =>
        getJson(`${server.url}/api/ref`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ref: code }),
        }),
      );
    expect((await ref(a, 'friend-1')).body).toEqual({ ref: 'friend-1', outcome: 'recorded' });
    expect((await ref(b, 'friend-2')).body).toEqual({ ref: 'friend-1', outcome: 'already-recorded' });
    // One user row for the subject, though both instances saw it first-hand.
    const codeOnA = (await getJson(`${a.url}/api/me`, { headers: await auth('mia') })).body.referralCode;
    const codeOnB = (await getJson(`${b.url}/api/me`, { headers: await auth('mia') })).body.referralCode;
    expect(codeOnA).toBe(codeOnB);
  });

  it('answers the new data version on both after an ingest run made while both serve', async () => {
    const before = await getJson(`${a.url}/api/data/status`);
    expect(before.status).toBe(200);
    expect((await getJson(`${b.url}/api/data/company?ticker=ZAAEA`)).status).toBe(404);

    // Alternate requests between the instances for as long as the ingest runs: none may fail.
    let running = true;
    const failures: string[] = [];
    let served = 0;
    const traffic = (async () => {
      const paths = [
        '/api/data/status',
        '/api/data/company/search?q=sol',
        '/api/data/chart/price?tickers=SOLQ&from=2015-01-01',
      ];
      for (let i = 0; running; i++) {
        const server = i % 2 ? a : b;
        const path = paths[i % paths.length] as string;
        const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        served++;
        if (response.status !== 200) failures.push(`${server.url}${path}: ${response.status}`);
      }
    })();
    // Generated companies beyond the 70 the servers loaded (the 105th and 106th synthetic ones).
    const ingest = await runIngest(['demo', 'ZAAEA', 'ZAAEB', '--companies', '200'], { DATABASE_URL: database.url });
    running = false;
    await traffic;
    expect(ingest.code, ingest.output).toBe(0);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(0);

    // The data version is re-read at most a second later (data-cache versionTtlMs).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    for (const server of [a, b]) {
      const status = await getJson(`${server.url}/api/data/status`);
      expect(status.body.dataVersion).toBe(before.body.dataVersion + 1);
      expect(status.body.securities.stocks).toBe(before.body.securities.stocks + 2);
      const company = await getJson(`${server.url}/api/data/company?ticker=ZAAEA`);
      expect(company.status).toBe(200);
      expect(company.headers.get('etag')).toMatch(new RegExp(`^"${before.body.dataVersion + 1}-`));
    }
  }, 120_000);

  it('refuses a third instance with a malformed configuration, naming the variable, while the others serve', async () => {
    const third = await startServer(3243, { ...env, RATE_LIMIT_SEARCH: 'lots' }).then(
      () => new Error('started'),
      (error: unknown) => error as Error,
    );
    expect(third.message).toMatch(/exited 1/);
    expect(third.message).toContain('RATE_LIMIT_SEARCH:');
    expect(third.message).toContain('"lots"');
    expect((await getJson(`${a.url}/readyz`)).status).toBe(200);
    expect((await getJson(`${b.url}/readyz`)).status).toBe(200);
  });

  it('stops on SIGTERM with exit code 0, finishing the response in flight, while the other keeps serving', async () => {
    // A response is being delivered (headers received, body unread) when the signal arrives.
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.get(`${b.url}/api/data/chart/price?tickers=SOLQ&from=2015-01-01`, (response) => {
        expect(response.statusCode).toBe(200);
        process.kill(b.child.pid as number, 'SIGTERM');
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    expect(JSON.parse(body)).toBeTruthy();
    expect(await b.stop('SIGTERM')).toBe(0);
    expect(b.output.text()).toContain('"msg":"stopped"');
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    expect((await getJson(`${a.url}/api/data/status`)).status).toBe(200);
  });
});
