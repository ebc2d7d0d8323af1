import { errorBody, healthResponse, readyResponse } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { databaseAnswers } from '../../db/index.ts';
import { readDataVersion } from '../../db/meta.ts';
import { storageFullReason } from '../../db/storage-health.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import { repairReason } from '../../http/repair-gate.ts';

/** Liveness and readiness for load balancers and orchestrators. */
export function systemRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: healthResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: readyResponse, 503: errorBody },
      },
    },
    async () => {
      if (!(await databaseAnswers(database))) throw serviceUnavailable('The database is not answering');
      const repair = repairReason(database);
      if (repair) throw serviceUnavailable(repair);
      // A full disk (issue 34): reads answer, but nothing can be written or loaded.
      const full = storageFullReason(
        database.engine === 'sqlite' && database.location !== ':memory:' ? database.location : null,
      );
      if (full) throw serviceUnavailable(full);
      const replicas = database.readRouting?.status().map((r) => ({ location: r.location, up: r.healthy }));
      return {
        status: 'ready' as const,
        database: database.engine,
        dataVersion: await readDataVersion(database.db),
        ...(replicas ? { replicas } : {}),
      };
    },
  );
}
