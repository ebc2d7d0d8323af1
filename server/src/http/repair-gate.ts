import type { ZodApp } from '../context.ts';
import type { Database } from '../db/index.ts';
import { serviceUnavailable } from './errors.ts';

/*
 * The repair at start (ingest/repair.ts, issue 34) runs while the server already listens. A first start
 * after an upgrade that changed a storage layout writes every security's derived rows again (127 s at
 * 2,000 companies, docs/operations.md), longer than an orchestrator waits for a port to open. Meanwhile
 * /healthz answers, /readyz says why it is not ready, and the data calls answer 503 with Retry-After
 * instead of reading rows half rebuilt; /api/data/status still answers (the pages' banner reads it).
 */
const repairing = new WeakMap<Database, boolean>();

export function setRepairing(database: Database, running: boolean): void {
  repairing.set(database, running);
}

/** Why the data calls cannot answer yet, or null. */
export function repairReason(database: Database): string | null {
  return repairing.get(database)
    ? 'The server is rebuilding its stored data after an upgrade or an interrupted load; try again in a minute'
    : null;
}

export function registerRepairGate(app: ZodApp, database: Database): void {
  app.addHook('onRequest', async (request) => {
    if (!repairing.get(database)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/data/') || path === '/api/data/status') return;
    throw serviceUnavailable(repairReason(database) ?? undefined);
  });
}
