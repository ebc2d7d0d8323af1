import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { type IssuerKeyCache, type IssuerKeysObserver, issuerKeyCache } from './issuer-keys.ts';
import { startTestIssuer, type TestIssuer } from './test-issuer.ts';

/*
 * The key cache against a real issuer on 127.0.0.1 that goes down or hangs, with the cache's clock moved
 * by hand (an injected clock: the waits themselves stay real and short).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the issuer key cache through an outage', () => {
  let issuer: TestIssuer;
  let clock: number;
  let failures: (number | null)[];
  let refreshes: number;
  let cache: IssuerKeyCache;

  beforeEach(async () => {
    issuer = await startTestIssuer();
    clock = 1_000_000;
    failures = [];
    refreshes = 0;
    const observer: IssuerKeysObserver = {
      refreshed: () => {
        refreshes += 1;
      },
      refreshFailed: (_error, ageMs) => {
        failures.push(ageMs);
      },
    };
    cache = issuerKeyCache({ issuer: issuer.issuer, now: () => clock, waitMs: 300, fetchTimeoutMs: 2000, observer });
  });
  afterEach(async () => {
    await issuer.close();
  });

  /** Lets a background refresh run to its end (the loopback answers in well under a second). */
  async function settle(until: () => boolean) {
    for (let n = 0; n < 500 && !until(); n += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(until()).toBe(true);
  }

  it('fetches once, then serves its copy for 10 minutes without asking again', async () => {
    const first = await cache.current();
    expect(first.keys.keys.map((key) => key.kid)).toEqual(['key-1']);
    clock += 9 * MINUTE;
    expect(await cache.current()).toBe(first);
    expect([issuer.discoveryRequests(), issuer.jwksRequests()]).toEqual([1, 1]);
  });

  it('past 10 minutes answers with its copy at once and refreshes in the background', async () => {
    const first = await cache.current();
    clock += 11 * MINUTE;
    expect(await cache.current()).toBe(first);
    await settle(() => refreshes === 2);
    const second = await cache.current();
    expect(second).not.toBe(first);
    expect(second.fetchedAt).toBe(clock);
  });

  it('keeps the last good keys while the issuer is down, reporting each failed refresh with their age', async () => {
    const first = await cache.current();
    issuer.setState('down');
    clock += 11 * MINUTE;
    expect(await cache.current()).toBe(first);
    await settle(() => failures.length === 1);
    expect(failures).toEqual([11 * MINUTE]);
    // Retried no sooner than 30 s later, not on every request.
    expect(await cache.current()).toBe(first);
    clock += 31_000;
    expect(await cache.current()).toBe(first);
    await settle(() => failures.length === 2);
    // Still verifying 23 hours into the outage.
    clock += 23 * HOUR;
    expect(await cache.current()).toBe(first);
    expect(refreshes).toBe(1);
  });

  it('never makes a request wait for a hanging issuer while it has a copy', async () => {
    const first = await cache.current();
    issuer.setState('hanging');
    clock += 11 * MINUTE;
    // Answered while the issuer still holds the refresh's request open.
    expect(await cache.current()).toBe(first);
    expect(await cache.current()).toBe(first);
    issuer.setState('up');
    await settle(() => refreshes === 2);
  });

  it('past 24 hours of outage answers 503, and recovers when the issuer is back', async () => {
    await cache.current();
    issuer.setState('down');
    clock += 24 * HOUR + MINUTE;
    const refused = await cache.current().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect(failures).toEqual([null]);
    issuer.setState('up');
    clock += 10_000;
    expect((await cache.current()).fetchedAt).toBe(clock);
  });

  it('answers 503 within its short wait when a first fetch hangs', async () => {
    issuer.setState('hanging');
    const refused = await cache.current().catch((error: unknown) => error);
    expect((refused as ApiError).status).toBe(503);
    // The issuer never answered: the request did not wait for it.
    expect(issuer.discoveryRequests()).toBe(0);
    issuer.setState('up');
  });

  it('fetches again for an unknown key id, at most once per 30 s', async () => {
    await cache.current();
    await issuer.rotate();
    expect(await cache.refreshForUnknownKey()).toBeNull(); // fetched moments ago
    clock += 31_000;
    const rotated = await cache.refreshForUnknownKey();
    expect(rotated?.keys.keys.map((key) => key.kid)).toEqual(['key-1', 'key-2']);
    expect(await cache.current()).toBe(rotated);
  });
});
