import type { Db } from '../../db/index.ts';
import type { SecurityKind } from '../../db/schema.ts';

export interface ListedSecurity {
  ticker: string;
  kind: SecurityKind;
}

export async function countSecurities(db: Db): Promise<number> {
  const row = await db
    .selectFrom('securities')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One part of the ticker list, in a stable order (kind, then ticker) so parts never overlap. */
export async function listSecurities(db: Db, offset: number, limit: number): Promise<ListedSecurity[]> {
  return db
    .selectFrom('securities')
    .select(['ticker', 'kind'])
    .orderBy('kind')
    .orderBy('ticker')
    .offset(offset)
    .limit(limit)
    .execute();
}
