import type { Insertable } from 'kysely';
import type { Db } from '../src/db/index.ts';
import type { SecuritiesTable } from '../src/db/schema.ts';

/**
 * Inserts one securities row as a test sets it up by hand: a stock in USD, every flag 0, created and
 * updated now, unless the test says otherwise. Returns its id.
 */
export async function insertSecurity(db: Db, row: SecurityInput): Promise<number> {
  const { id } = await db.insertInto('securities').values(securityRow(row)).returning('id').executeTakeFirstOrThrow();
  return id;
}

type SecurityInput = Pick<Insertable<SecuritiesTable>, 'ticker' | 'name'> & Partial<Insertable<SecuritiesTable>>;

/** A securities row with the defaults insertSecurity gives (for inserting many in one statement). */
export function securityRow(row: SecurityInput): Insertable<SecuritiesTable> {
  const now = new Date().toISOString();
  return {
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
  };
}
