import { errorBody, refBody, refResponse } from '@app/contract';
import { type AuthDeps, requireUser } from '../../auth/current-user.ts';
import type { ZodApp } from '../../context.ts';
import { recordReferral, referralCodeOf, referralOf } from './queries.ts';

/** PUT /api/ref (spec 7): the app sends the ref cookie's code once a user is signed in. */
export function refRoutes(app: ZodApp, auth: AuthDeps): void {
  app.put(
    '/api/ref',
    {
      schema: {
        tags: ['account'],
        summary: 'Record who referred the signed-in user',
        description:
          "One referral per user: the first code wins, later calls change nothing, and a user's own code is ignored. Needs a bearer token or a wallet session.",
        body: refBody,
        response: { 200: refResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const db = auth.database.db;
      if (request.body.ref === referralCodeOf(user.id)) {
        return { ref: await referralOf(db, user.id), outcome: 'self-referral-ignored' as const };
      }
      const { stored, isNew } = await recordReferral(db, user.id, request.body.ref);
      return { ref: stored, outcome: isNew ? ('recorded' as const) : ('already-recorded' as const) };
    },
  );
}
