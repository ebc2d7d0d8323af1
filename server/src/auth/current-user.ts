import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/index.ts';
import { unauthorized } from '../http/errors.ts';
import { bearerToken, type TokenVerifier, type VerifiedToken } from './oidc/verifier.ts';
import { readWalletSession } from './wallet/sessions.ts';

export interface AuthDeps {
  database: Database;
  verifier: TokenVerifier;
}

export interface CurrentUser {
  id: number;
  via: 'oidc' | 'wallet';
  issuer: string | null;
  subject: string | null;
  name: string | null;
  email: string | null;
  walletAddress: string | null;
}

/**
 * The signed-in user of a request: a bearer token first (a bad one is a 401, never a fallback to the
 * cookie), then a wallet session; null when neither is present.
 */
export async function currentUser(deps: AuthDeps, request: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearerToken(request.headers.authorization);
  if (token) {
    const verified = await deps.verifier.verify(token);
    return { ...(await upsertOidcUser(deps.database.db, verified)), via: 'oidc' };
  }
  const session = await readWalletSession(deps.database.db, request);
  if (!session) return null;
  const row = await deps.database.db
    .selectFrom('users')
    .select(['id', 'issuer', 'subject', 'name', 'email', 'wallet_address'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...present(row), walletAddress: row.wallet_address ?? session.address, via: 'wallet' };
}

/** Like currentUser, but a request without a signed-in user is a 401. */
export async function requireUser(deps: AuthDeps, request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(deps, request);
  if (!user) throw unauthorized();
  return user;
}

type UserRow = { id: number; issuer: string | null; subject: string | null; name: string | null; email: string | null };

function present(row: UserRow & { wallet_address: string | null }): Omit<CurrentUser, 'via'> {
  const { id, issuer, subject, name, email, wallet_address } = row;
  return { id, issuer, subject, name, email, walletAddress: wallet_address };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value.slice(0, 320) : null);

/** The users row for an identity-provider subject, created on first sight; name and e-mail follow the token. */
async function upsertOidcUser(db: Db, token: VerifiedToken): Promise<Omit<CurrentUser, 'via'>> {
  const name = text(token.claims.name);
  const email = text(token.claims.email);
  const now = new Date().toISOString();
  const find = () =>
    db
      .selectFrom('users')
      .select(['id', 'issuer', 'subject', 'name', 'email', 'wallet_address'])
      .where('issuer', '=', token.issuer)
      .where('subject', '=', token.subject)
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    // Two first requests may race: the unique (issuer, subject) keeps one row, both read it back.
    await db
      .insertInto('users')
      .values({ issuer: token.issuer, subject: token.subject, name, email, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
    row = await find();
    if (!row) throw new Error('user row missing after insert');
  }
  const changes = {
    ...(name && name !== row.name ? { name } : {}),
    ...(email && email !== row.email ? { email } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    row = { ...row, ...changes };
  }
  return present(row);
}
