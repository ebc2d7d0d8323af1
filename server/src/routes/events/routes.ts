import { analyticsEventBody, errorBody, languageOfPath } from '@app/contract';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../context.ts';
import { insertAnalyticsEvent } from './queries.ts';

/** The first-party analytics sink (spec 2: page_view; spec 8: ticker_not_found). No third party. */
export function eventRoutes(app: ZodApp, { database }: AppContext): void {
  app.post(
    '/api/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record an analytics event',
        description:
          'Stores one event. Requests with `DNT: 1` or `Sec-GPC: 1` are accepted and discarded: Do-Not-Track is respected.',
        body: analyticsEventBody,
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      const optedOut = request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
      if (!optedOut) await insertAnalyticsEvent(database.db, request.body, languageOfPath(request.body.path));
      return reply.status(204).send(null);
    },
  );
}
