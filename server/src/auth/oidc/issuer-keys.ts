import type { JSONWebKeySet } from 'jose';
import { serviceUnavailable } from '../../http/errors.ts';
import type { IssuerKeysObserver } from '../../http/metrics.ts';
import { asymmetricAlgorithms, fetchDiscovery, fetchKeySet } from './discovery.ts';

/*
 * The issuer's signing keys as the API last fetched them (discovery, then its jwks_uri), kept through an
 * outage of the issuer. A copy is fresh for 10 minutes; after that the next request gets it at once and
 * starts a refresh in the background (stale-while-revalidate). When refreshes fail, the last good copy
 * keeps verifying tokens for up to 24 hours (stale-if-error: keys rotate on a scale of weeks, and a
 * removed key is a revocation that waits at most that long), with a warning and a metric each time.
 * Requests wait for the issuer only when there is no usable copy (the first request, or past 24 h) or a
 * token names a key id not seen yet, and then at most a few seconds.
 */

export interface IssuerKeys {
  keys: JSONWebKeySet;
  algorithms: string[];
  /** When these keys were fetched (the clock's milliseconds). */
  fetchedAt: number;
}

/** What the cache reports, for logs and metrics: the shape the metrics read (http/metrics.ts). */
export type { IssuerKeysObserver };

export interface IssuerKeysOptions {
  issuer: string;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
  freshMs?: number;
  maxStaleMs?: number;
  /** The longest a request waits for the issuer. */
  waitMs?: number;
  /** Deadline of one background fetch (discovery and key set each). */
  fetchTimeoutMs?: number;
  /** After a failed refresh, the next one is tried no sooner than this. */
  retryMs?: number;
  /** Least time between fetches for a key id not seen yet (a token can name any kid). */
  unknownKeyCooldownMs?: number;
  observer?: IssuerKeysObserver;
}

export interface IssuerKeyCache {
  /** Keys to verify with now; a 503 ApiError when there are none usable and the issuer does not answer in time. */
  current(): Promise<IssuerKeys>;
  /** Fetches again for a key id the copy lacks (rate-limited); the new keys, or null when not fetched. */
  refreshForUnknownKey(): Promise<IssuerKeys | null>;
}

const MINUTE = 60_000;

export function issuerKeyCache(options: IssuerKeysOptions): IssuerKeyCache {
  // Read Date.now at each call, not once: a test's fake clock replaces Date after the cache exists.
  const now = options.now ?? (() => Date.now());
  const freshMs = options.freshMs ?? 10 * MINUTE;
  const maxStaleMs = options.maxStaleMs ?? 24 * 60 * MINUTE;
  const waitMs = options.waitMs ?? 3000;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 10_000;
  const retryMs = options.retryMs ?? 30_000;
  const cooldownMs = options.unknownKeyCooldownMs ?? 30_000;

  let good: IssuerKeys | null = null;
  let refreshing: Promise<IssuerKeys> | null = null;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let lastFailure = Number.NEGATIVE_INFINITY;

  function refresh(): Promise<IssuerKeys> {
    lastAttempt = now();
    refreshing ??= (async () => {
      try {
        const discovery = await fetchDiscovery(options.issuer, fetchTimeoutMs);
        const keys = await fetchKeySet(discovery.jwks_uri, fetchTimeoutMs);
        const fetched: IssuerKeys = {
          keys,
          algorithms: asymmetricAlgorithms(discovery.id_token_signing_alg_values_supported),
          fetchedAt: now(),
        };
        good = fetched;
        options.observer?.refreshed(fetched);
        return fetched;
      } catch (error) {
        lastFailure = now();
        const age = good ? now() - good.fetchedAt : null;
        options.observer?.refreshFailed(error, age !== null && age < maxStaleMs ? age : null);
        throw error;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** A refresh's result if it comes within waitMs; null if it fails or is late (it goes on regardless). */
  async function waitBriefly(run: Promise<IssuerKeys>): Promise<IssuerKeys | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([run.catch(() => null), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  function backgroundRefresh(): void {
    if (refreshing || now() - lastFailure < retryMs) return;
    // Failures are reported to the observer; the copy in use stays.
    refresh().catch(() => undefined);
  }

  return {
    async current() {
      const copy = good;
      const age = copy ? now() - copy.fetchedAt : Number.POSITIVE_INFINITY;
      if (copy && age < freshMs) return copy;
      if (copy && age < maxStaleMs) {
        backgroundRefresh();
        return copy;
      }
      // Nothing usable: this request waits, briefly, for the issuer (one fetch shared by all).
      const retryDue = now() - lastFailure >= Math.min(retryMs, 5000);
      const fetched = await waitBriefly(refreshing ?? (retryDue ? refresh() : Promise.reject(new Error('backoff'))));
      if (fetched) return fetched;
      // The provider being unreachable is not the caller's fault: 503, not 401.
      throw serviceUnavailable('The identity provider could not be reached to check the sign-in; try again shortly');
    },
    async refreshForUnknownKey() {
      if (refreshing) return waitBriefly(refreshing);
      if (now() - lastAttempt < cooldownMs) return null;
      return waitBriefly(refresh());
    },
  };
}
