import type { Db } from '../../db/index.ts';

/** Nonces live in the database so any instance can verify what another issued (architecture: stateless). */
export async function storeNonce(
  db: Db,
  nonce: { nonce: string; address: string; chainId: number; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  // Housekeeping on the way: nonces past their expiry can never be consumed.
  await db.deleteFrom('wallet_nonces').where('expires_at', '<', nonce.issuedAt.toISOString()).execute();
  await db
    .insertInto('wallet_nonces')
    .values({
      nonce: nonce.nonce,
      address: nonce.address.toLowerCase(),
      chain_id: nonce.chainId,
      issued_at: nonce.issuedAt.toISOString(),
      expires_at: nonce.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Marks a nonce used, once: a single conditional UPDATE, so of two instances racing with the same
 * message exactly one sees a changed row. False when unknown, expired, for another address or used.
 */
export async function consumeNonce(
  db: Db,
  nonce: { nonce: string; address: string; chainId: number; now: Date },
): Promise<boolean> {
  const now = nonce.now.toISOString();
  const result = await db
    .updateTable('wallet_nonces')
    .set({ used_at: now })
    .where('nonce', '=', nonce.nonce)
    .where('address', '=', nonce.address.toLowerCase())
    .where('chain_id', '=', nonce.chainId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
