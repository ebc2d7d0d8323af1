import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSource } from '../../src/ingest/demo/source.ts';
import { pgUrl } from '../databases.ts';
import {
  createDatabase,
  getJson,
  runIngest,
  startIngest,
  startServer,
  stopAll,
  stopProcess,
  tempDir,
} from './harness.ts';
import { createOwnPostgres, type OwnPostgres, unavailableReason } from './postgres-server.ts';

/*
 * Issue 9, fault tests: bounded in time, loopback only, every process stopped by pid in afterAll.
 */

const ownPostgresMissing = unavailableReason();

interface Sample {
  /** 'between': the request started in one phase and ended in another (e.g. in flight while PostgreSQL stopped). */
  phase: 'up' | 'down' | 'after' | 'between';
  path: string;
  status: number;
  ms: number;
  code?: string;
  retryAfter?: string | null;
}

describe.skipIf(!pgUrl || ownPostgresMissing)(
  `PostgreSQL stopped and restarted under load (skipped without TEST_DATABASE_URL or: ${ownPostgresMissing ?? 'n/a'})`,
  () => {
    let postgres: OwnPostgres | undefined;
    const temp = tempDir('ll-faults-');
    afterAll(async () => {
      await stopAll();
      await postgres?.destroy();
      temp.remove();
    }, 60_000);

    it('fails fast with 503 in the error shape, reports it on /readyz, and recovers without a restart', async () => {
      postgres = await createOwnPostgres(3251);
      await postgres.start();
      // A malformed feed list: a clear error in the log, and the server runs on.
      const feeds = path.join(temp.dir, 'feeds.json');
      fs.writeFileSync(feeds, '{"home": [ "not closed"');
      const server = await startServer(3244, { DATABASE_URL: postgres.url, FEEDS_FILE: feeds });
      for (let i = 0; i < 50 && !server.output.text().includes('feeds file not loaded'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output.text()).toContain('feeds file not loaded');
      expect(server.output.text()).toContain(feeds);

      let phase: Exclude<Sample['phase'], 'between'> = 'up';
      let running = true;
      const samples: Sample[] = [];
      const worker = async (n: number) => {
        for (let i = 0; running; i++) {
          // Uncached calls (a new search each time) so every request needs the database.
          const paths = ['/readyz', `/api/data/company/search?q=s${n}x${i}`, '/api/data/status'];
          const url = paths[i % paths.length] as string;
          const started = Date.now();
          const startPhase = phase;
          // A request counts for a phase only when it started and ended in it.
          const phaseOf = () => (phase === startPhase ? startPhase : 'between');
          try {
            const response = await getJson(`${server.url}${url}`);
            samples.push({
              phase: phaseOf(),
              path: url,
              status: response.status,
              ms: Date.now() - started,
              code: response.body?.error?.code,
              retryAfter: response.headers.get('retry-after'),
            });
          } catch (error) {
            samples.push({ phase: phaseOf(), path: url, status: 0, ms: Date.now() - started, code: String(error) });
          }
        }
      };
      const workers = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      await wait(1500);
      phase = 'down';
      await postgres.stop();
      await wait(3000);
      await postgres.start();
      // Service comes back by itself: the pool reconnects on the next request.
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output.text().slice(-4000)}`);
        const ready = await getJson(`${server.url}/readyz`).catch(() => ({ status: 0 }));
        if (ready.status === 200 || Date.now() > deadline) break;
        await wait(200);
      }
      phase = 'after';
      await wait(1500);
      running = false;
      await workers;

      const of = (p: Sample['phase']) => samples.filter((s) => s.phase === p);
      expect(of('up').length).toBeGreaterThan(10);
      expect(of('up').filter((s) => s.status !== 200)).toEqual([]);
      const down = of('down');
      const unavailable = down.filter((s) => s.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(down.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
      expect(unavailable.every((s) => s.code === 'service_unavailable' && s.retryAfter === '5')).toBe(true);
      expect(unavailable.some((s) => s.path === '/readyz')).toBe(true);
      // Fail fast: no request waits longer than the pool's connection timeout (5 s) plus slack.
      expect(Math.max(...samples.map((s) => s.ms))).toBeLessThan(7000);
      expect(of('after').length).toBeGreaterThan(10);
      expect(of('after').filter((s) => s.status !== 200)).toEqual([]);
      expect(server.child.exitCode).toBeNull(); // the same process throughout

      const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
      expect(metrics).toMatch(/ledgerlight_http_requests_total\{method="GET",route="\/readyz",status="503"\} [1-9]/);
      expect(await server.stop()).toBe(0);
    }, 120_000);
  },
);

describe.skipIf(!pgUrl)('an ingest killed with SIGKILL mid-run (skipped without TEST_DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  afterAll(async () => {
    await stopAll();
    await database?.drop();
  }, 60_000);

  it('is completed by the next run: every security whole, nothing twice', async () => {
    database = await createDatabase(pgUrl as string);
    const env = { DATABASE_URL: database.url };
    const args = ['demo', '--all', '--companies', '80', '--end', '2024-06-28'];
    const expected = await demoSource({ companies: 80 }).listTickers();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async (query: string) => Number((await client.query(query)).rows[0]?.n ?? 0);
      const { child } = startIngest(args, env);
      const deadline = Date.now() + 90_000;
      let done = 0;
      while (done < 10 && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done = await count('select count(*) as n from ingest_run_items').catch(() => 0);
      }
      await stopProcess(child, 'SIGKILL');
      expect(done).toBeGreaterThanOrEqual(10);
      const partial = await count('select count(*) as n from securities');
      expect(partial).toBeLessThan(expected.length);

      const second = await runIngest(args, env);
      expect(second.code, second.output).toBe(0);
      expect(second.output).toMatch(/already done \(resumed run \d+\)/);

      expect(await count('select count(*) as n from securities')).toBe(expected.length);
      expect(await count("select count(*) as n from ingest_runs where status <> 'done'")).toBe(0);
      // No partial security: every one has prices and its screener row; no day stored twice.
      expect(
        await count(
          'select count(*) as n from securities s where not exists (select 1 from daily_prices p where p.security_id = s.id)',
        ),
      ).toBe(0);
      expect(
        await count(
          'select count(*) as n from securities s where not exists (select 1 from indicators i where i.security_id = s.id)',
        ),
      ).toBe(0);
      expect(
        await count(
          'select count(*) as n from (select security_id, day from daily_prices group by 1, 2 having count(*) > 1) d',
        ),
      ).toBe(0);
      expect(
        await count(
          'select count(*) as n from (select security_id, ex_date from dividends group by 1, 2 having count(*) > 1) d',
        ),
      ).toBe(0);
    } finally {
      await client.end();
    }
  }, 150_000);
});
