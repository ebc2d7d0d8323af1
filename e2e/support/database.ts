import path from 'node:path';
import Database from 'better-sqlite3';

/** Read-only view of the e2e server's embedded database, to check what the app stored. */
export function queryAppDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dir, 'ledgerlight.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
