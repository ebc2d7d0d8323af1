import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ZodApp } from '../src/context.ts';
import type { Database } from '../src/db/index.ts';
import { migratedDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: ZodApp;
  database: Database;
  close(): Promise<void>;
}

/** The real server on a real (migrated) database, driven through Fastify's inject. */
export async function startTestApp(target: TestDatabase, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await migratedDatabase(target);
  // Rate limits off unless a test sets them: every injected request comes from one address.
  const limitsOff = {
    RATE_LIMIT_SIGN_IN: '0',
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_ODATA: '0',
    RATE_LIMIT_EVENTS: '0',
    RATE_LIMIT_REF: '0',
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...limitsOff,
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let pages: string | undefined;

/**
 * A built web app of one page (index.html with a root element), for tests that need a page's answer, such as
 * its Content-Security-Policy (JSON answers carry a short policy of their own): pass it as WEB_DIST_DIR.
 * Made once per test process in the temp folder.
 */
export function onePageWebDist(): string {
  if (pages && fs.existsSync(path.join(pages, 'index.html'))) return pages;
  pages = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerlight-one-page-'));
  fs.writeFileSync(
    path.join(pages, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Ledgerlight</title></head><body><div id="root"></div></body></html>',
  );
  return pages;
}
