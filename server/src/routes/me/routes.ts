import { errorBody, meResponse, watchlistBody, watchlistResponse } from '@app/contract';
import { type AuthDeps, type CurrentUser, requireUser } from '../../auth/current-user.ts';
import type { ZodApp } from '../../context.ts';
import { referralCodeOf } from '../ref/queries.ts';
import { replaceWatchlist, watchlistOf } from './queries.ts';

// Signed-in routes take a bearer access token or the wallet session cookie (documented per route).
const signedIn = { tags: ['account'] };

function presentMe(user: CurrentUser) {
  return {
    via: user.via,
    subject: user.subject,
    issuer: user.issuer,
    name: user.name,
    email: user.email,
    walletAddress: user.walletAddress,
    referralCode: referralCodeOf(user.id),
  };
}

/** The signed-in user's own resources: who they are, and their watchlist. */
export function meRoutes(app: ZodApp, auth: AuthDeps): void {
  app.get(
    '/api/me',
    {
      schema: {
        ...signedIn,
        summary: 'The signed-in user',
        description: 'Needs a bearer access token from the identity provider, or a wallet session cookie.',
        response: { 200: meResponse, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      reply.header('cache-control', 'private, no-store');
      return presentMe(user);
    },
  );

  app.get(
    '/api/me/watchlist',
    {
      schema: {
        ...signedIn,
        summary: "The signed-in user's watchlist",
        response: { 200: watchlistResponse, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      reply.header('cache-control', 'private, no-store');
      return { tickers: await watchlistOf(auth.database.db, user.id) };
    },
  );

  app.put(
    '/api/me/watchlist',
    {
      schema: {
        ...signedIn,
        summary: "Replace the signed-in user's watchlist",
        description: 'The list in order; duplicates are dropped (the first stays). At most 100 tickers.',
        body: watchlistBody,
        response: { 200: watchlistResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const tickers = [...new Set(request.body.tickers)];
      await replaceWatchlist(auth.database.db, user.id, tickers);
      return { tickers };
    },
  );
}
