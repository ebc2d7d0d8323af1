import type { Insertable } from 'kysely';
import type { Db } from '../src/db/index.ts';
import type { SecuritiesTable } from '../src/db/schema.ts';

/**
 * Inserts one securities row as a test sets it up by hand: a stock in USD, every flag 0, created and
 * updated now, unless the test says otherwise. Returns its id.
 */
export async function insertSecurity(
  db: Db,
  row: Pick<Insertable<SecuritiesTable>, 'ticker' | 'name'> & Partial<Insertable<SecuritiesTable>>,
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('securities')
    .values({
      kind: 'stock',
      currency: 'USD',
      is_demo: 0,
      is_green_energy: 0,
      is_green_transport: 0,
      is_green_water: 0,
      is_green_waste: 0,
      created_at: now,
      updated_at: now,
      ...row,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
