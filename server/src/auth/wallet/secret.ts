import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

const META_KEY = 'wallet_token_secret';

/**
 * The key that signs message tokens: SESSION_SECRET when set (required in production). Without it
 * (development, demo) a random key is created once and kept in the database's app_meta table, so it
 * survives restarts and every instance on the same database shares it. The first writer wins.
 */
export async function resolveTokenSecret(config: Pick<Config, 'SESSION_SECRET'>, db: Db): Promise<string> {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  await db
    .insertInto('app_meta')
    .values({ key: META_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', META_KEY).executeTakeFirstOrThrow();
  return row.value;
}
