import { sql } from 'kysely';
import type { Db } from './index.ts';

/*
 * The data version: a counter bumped after every load of market data.
 * API ETags and in-process caches key on it, so a new load invalidates them everywhere.
 */
const DATA_VERSION = 'data_version';

export async function readMeta(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function readDataVersion(db: Db): Promise<number> {
  return Number((await readMeta(db, DATA_VERSION)) ?? 0);
}

/** Atomic on both engines, so two instances (or an ingest run and a server) never lose a bump. */
export async function bumpDataVersion(db: Db): Promise<number> {
  await db
    .insertInto('app_meta')
    .values({ key: DATA_VERSION, value: '0' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .updateTable('app_meta')
    .set({ value: sql<string>`cast(cast(value as integer) + 1 as text)` })
    .where('key', '=', DATA_VERSION)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
