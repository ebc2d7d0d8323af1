import type { Db } from '../../db/index.ts';

/** A user's own referral code, to share as ?r=CODE: "u" and the user id in base 36. */
export const referralCodeOf = (userId: number) => `u${userId.toString(36)}`;

/**
 * Stores a user's referral; the first one wins (the primary key on user_id keeps it), so repeating the
 * call, or calling with another code later, changes nothing. Returns the code stored and whether this
 * call stored it.
 */
export async function recordReferral(
  db: Db,
  userId: number,
  code: string,
): Promise<{ stored: string; isNew: boolean }> {
  const inserted = await db
    .insertInto('referrals')
    .values({ user_id: userId, code, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('code')
    .executeTakeFirst();
  if (inserted) return { stored: inserted.code, isNew: true };
  const existing = await db
    .selectFrom('referrals')
    .select('code')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { stored: existing.code, isNew: false };
}

export async function referralOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('referrals').select('code').where('user_id', '=', userId).executeTakeFirst();
  return row?.code ?? null;
}
