import { z } from 'zod';
import { WATCHLIST_MAX, WATCHLIST_TICKER } from './tickers.ts';

/** Where the browser keeps its tokens (spec 5: memory or local storage; anything else is a configuration error). */
export const cacheLocations = ['memory', 'localstorage'] as const;
export const cacheLocation = z.enum(cacheLocations);
export type CacheLocation = z.infer<typeof cacheLocation>;

/**
 * GET /api/auth/config: what the browser needs to sign in. Served by the server so that one web build
 * works with any OpenID Connect provider.
 */
export const authConfigResponse = z
  .object({
    issuer: z.url(),
    clientId: z.string().min(1),
    audience: z.string().min(1),
    scopes: z.string().min(1),
    cacheLocation,
    /** True when the bundled development provider answers under /idp (demo mode). */
    devProvider: z.boolean(),
    /**
     * The address the app is configured at (PUBLIC_URL). An external provider sends people back there
     * only, so the browser says so when it is at another address (issue 20).
     */
    publicUrl: z.url(),
  })
  .meta({
    id: 'AuthConfig',
    example: {
      issuer: 'http://localhost:3000/idp',
      clientId: 'ledgerlight-web',
      audience: 'http://localhost:3000/api',
      scopes: 'openid profile email offline_access',
      cacheLocation: 'localstorage',
      devProvider: true,
      publicUrl: 'http://localhost:3000',
    },
  });
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

/** GET /api/me: the signed-in user as the server knows them. */
export const meResponse = z
  .object({
    /** How this request was signed in: a bearer token from the identity provider, or a wallet session. */
    via: z.enum(['oidc', 'wallet']),
    subject: z.string().nullable(),
    issuer: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    walletAddress: z.string().nullable(),
    /** This user's own referral code, to share as ?r=CODE. */
    referralCode: z.string(),
  })
  .meta({
    id: 'Me',
    example: {
      via: 'oidc',
      subject: 'demo',
      issuer: 'http://localhost:3000/idp',
      name: 'Demo Investor',
      email: 'demo@ledgerlight.example',
      walletAddress: null,
      referralCode: 'u1',
    },
  });
export type MeResponse = z.infer<typeof meResponse>;

/** Tickers as the app writes them: letters, digits and . - ^ = (BRK.B, BTC-USD, ^GSPC). */
export const watchlistTicker = z
  .string()
  .trim()
  .toUpperCase()
  .regex(WATCHLIST_TICKER, 'must be a ticker of 1-20 letters, digits or . - ^ =');

export const watchlistBody = z
  .object({ tickers: z.array(watchlistTicker).max(WATCHLIST_MAX) })
  .meta({ id: 'WatchlistBody', example: { tickers: ['ACME', 'BTC-USD'] } });
export type WatchlistBody = z.infer<typeof watchlistBody>;

export const watchlistResponse = z
  .object({ tickers: z.array(z.string()) })
  .meta({ id: 'Watchlist', example: { tickers: ['ACME', 'BTC-USD'] } });
export type WatchlistResponse = z.infer<typeof watchlistResponse>;

/** spec 3: the referral code from ?r=CODE, kept in the cookie "ref". */
export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

export const refBody = z.object({ ref: referralCode }).meta({ id: 'RefBody', example: { ref: 'u7' } });
export type RefBody = z.infer<typeof refBody>;

export const refResponse = z
  .object({
    /** The referral stored for this user (the first one wins), or null when none is. */
    ref: z.string().nullable(),
    /** What this request did: stored it, found one already stored, or ignored a self-referral. */
    outcome: z.enum(['recorded', 'already-recorded', 'self-referral-ignored']),
  })
  .meta({ id: 'RefResult', example: { ref: 'u7', outcome: 'recorded' } });
export type RefResponse = z.infer<typeof refResponse>;
