import type { Db } from '../../db/index.ts';

/*
 * The fingerprints of loaded bulk entries (table bulk_entries, migration 018): what was loaded from which
 * archive entry, so a later run reloads only entries whose CRC-32 or size changed.
 */

export type ArchiveKind = 'sec' | 'stooq';

export async function storedFingerprints(db: Db, archive: ArchiveKind): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('bulk_entries')
    .select(['entry_key', 'fingerprint'])
    .where('archive', '=', archive)
    .execute();
  return new Map(rows.map((r) => [r.entry_key, r.fingerprint]));
}

export async function rememberEntry(
  db: Db,
  archive: ArchiveKind,
  entry: { key: string; fingerprint: string; ticker: string },
): Promise<void> {
  const row = { fingerprint: entry.fingerprint, ticker: entry.ticker, loaded_at: new Date().toISOString() };
  await db
    .insertInto('bulk_entries')
    .values({ archive, entry_key: entry.key, ...row })
    .onConflict((oc) => oc.columns(['archive', 'entry_key']).doUpdateSet(row))
    .execute();
}

/** An entry's bytes as JSON, or an error naming the entry. */
export function entryJson(archive: string, entry: string, data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new Error(
      `${archive}: entry ${entry} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
