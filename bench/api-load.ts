import { readFileSync } from 'node:fs';
import { Pool } from './http-client.ts';

/*
 * bench:api's load generator (bench/api.ts): closed loops of keep-alive connections, the open loop at a
 * fixed rate, the median of several runs, and the serving process's CPU per request.
 */

export interface LoadSettings {
  /** Keep-alive connections of a closed loop. */
  connections: number;
  /** Length of one run. */
  seconds: number;
  /** Runs a median is taken of. */
  runs: number;
}

export interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The p99 of every run, when the result is the median of several. */
  p99s?: number[];
  /**
   * Open loop: how late the generator itself sent its latest request (ms after it was due). A run whose
   * p99 is near this was stalled on the client side (its own garbage collection, or no core free for
   * it), not in the server. One per run, as p99s.
   */
  sentLate?: number;
  sentLates?: number[];
  /**
   * Open loop: p99 counted from when each request was actually sent rather than when it was due: the
   * server's and the network's part, without the generator's own lateness. One per run, as p99s.
   */
  p99FromSend?: number;
  p99sFromSend?: number[];
  /** CPU time (user + system) of the serving process per request, from /proc (Linux), when measured. */
  cpuMicros?: number;
}
export function loadTools({ connections, seconds, runs }: LoadSettings) {
  /**
   * Load comes from bench/http-client.ts, not node:http: on this 2-core machine the generator's own CPU and
   * garbage are taken from the server it measures (node:http's client cost about 0.25 ms per 100 kB answer,
   * and its collections delayed the open-loop sends by 20-30 ms). Its connections are kept per server.
   */
  const pools = new Map<string, Pool>();

  function hit(url: string, connectionsAtMost = connections, headers = ''): Promise<number> {
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const origin = url.slice(0, slash);
    const key = `${origin} ${connectionsAtMost}`;
    let pool = pools.get(key);
    if (!pool) {
      const { hostname, port: at } = new URL(origin);
      pool = new Pool(hostname, Number(at), connectionsAtMost);
      pools.set(key, pool);
    }
    return pool.get(url.slice(slash), headers).then((answer) => answer.status);
  }

  /** A process's CPU time so far in clock ticks (/proc/<pid>/stat utime + stime), or undefined off Linux. */
  function cpuTicks(pid: number | undefined): number | undefined {
    if (pid === undefined) return undefined;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }

  /**
   * The load's result with the serving process's CPU per request: steadier than requests per second on
   * a shared machine, where what else runs takes turns with the server and the load generator alike.
   */
  async function withCpu(pid: number | undefined, measure: () => Promise<Result>): Promise<Result> {
    const before = cpuTicks(pid);
    const result = await measure();
    const after = cpuTicks(pid);
    if (before === undefined || after === undefined) return result;
    const requests = result.rps * seconds;
    // Clock ticks are 1/100 s on Linux (getconf CLK_TCK).
    return { ...result, cpuMicros: ((after - before) * 10_000) / requests };
  }

  /** `runs` measurements; the one with the median p99, carrying every run's p99 (errors summed). */
  async function median(measure: (run: number) => Promise<Result>): Promise<Result> {
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(run));
    const sorted = [...results].sort((a, b) => a.p99 - b.p99);
    const middle = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const sentLates = results.every((r) => r.sentLate !== undefined)
      ? results.map((r) => r.sentLate as number)
      : undefined;
    const p99sFromSend = results.every((r) => r.p99FromSend !== undefined)
      ? results.map((r) => r.p99FromSend as number)
      : undefined;
    return {
      ...middle,
      errors,
      p99s: results.map((r) => r.p99),
      ...(sentLates ? { sentLates } : {}),
      ...(p99sFromSend ? { p99sFromSend } : {}),
    };
  }

  /** `loops` connections, each sending its next request when the last one is answered, for `duration` s. */
  async function load(
    url: (i: number) => string,
    loops = connections,
    duration = seconds,
    headers = '',
  ): Promise<Result> {
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const until = performance.now() + duration * 1000;
    const loop = async () => {
      while (performance.now() < until) {
        const i = next++;
        const t = performance.now();
        const status = await hit(url(i), connections, headers);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: loops }, loop));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
  }

  /**
   * Open loop: requests start at a fixed rate whether or not earlier ones were answered, and each latency
   * counts from the moment its request was due (so a slow answer cannot hide the requests queued behind
   * it). This is latency at a given load; the closed loop above measures it at saturation, where p99 is
   * set by the queue (connections / throughput) rather than by the server's work per request.
   */
  const OPEN_LOOP_CONNECTIONS = 64;

  async function openLoad(url: (i: number) => string, rate: number): Promise<Result> {
    const latencies: number[] = [];
    const fromSend: number[] = [];
    let errors = 0;
    const interval = 1000 / rate;
    const total = Math.max(1, Math.floor(rate * seconds));
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    let sentLate = 0;
    for (let i = 0; i < total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sent = performance.now();
      sentLate = Math.max(sentLate, sent - due);
      inFlight.push(
        hit(url(i), OPEN_LOOP_CONNECTIONS).then(
          (status) => {
            const answered = performance.now();
            latencies.push(answered - due);
            fromSend.push(answered - sent);
            if (status !== 200) errors++;
          },
          () => {
            errors++;
          },
        ),
      );
    }
    await Promise.all(inFlight);
    latencies.sort((a, b) => a - b);
    fromSend.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    return {
      rps: latencies.length / ((performance.now() - started) / 1000),
      p50: at(0.5),
      p99: at(0.99),
      errors,
      sentLate,
      p99FromSend: fromSend[Math.min(fromSend.length - 1, Math.floor(fromSend.length * 0.99))] ?? Number.NaN,
    };
  }
  const closePools = () => {
    for (const pool of pools.values()) pool.destroy();
  };
  return { load, openLoad, median, withCpu, closePools };
}
