import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodApp } from '../context.ts';
import type { Database } from '../db/index.ts';
import { answerVersionOf } from './data-cache.ts';

/*
 * The data routes' answers on read replicas (issue 35, db/read-replicas.ts). Register before any route:
 * every GET /api/data/* handler then runs inside readRouting.read() at the data version its ETag names (the
 * data cache sets it on a miss), so Database.reader reaches one replica, or the primary, for the whole
 * answer. Other routes, and data routes without the cache's hooks, read the primary.
 */
export function routeDataReads(app: ZodApp, database: Database): void {
  const routing = database.readRouting;
  if (!routing) return;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/data/') || !methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const handler = route.handler as (request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = function readOnReplica(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const version = answerVersionOf(request);
      if (version === undefined) return handler.call(this, request, reply);
      return routing.read(version, async () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
}
