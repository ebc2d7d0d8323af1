import { createHash, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';

/**
 * Server-side wallet sessions: the cookie holds a random token, the sessions table holds its SHA-256,
 * so a leaked database does not leak live cookies. Any instance on the same database can read them.
 */
export const WALLET_SESSION_COOKIE = 'wallet_session';
export const WALLET_SESSION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into a write per request. */
const SEEN_REFRESH_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface WalletSession {
  userId: number;
  /** Lower-case 0x address. */
  address: string;
}

/** The users row of a wallet address, created on its first sign-in. Safe when two sign-ins race. */
export async function ensureWalletUser(db: Db, address: string, now: Date): Promise<number> {
  const wallet = address.toLowerCase();
  await db
    .insertInto('users')
    .values({
      issuer: null,
      subject: null,
      name: null,
      email: null,
      wallet_address: wallet,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('wallet_address').doNothing())
    .execute();
  const row = await db.selectFrom('users').select('id').where('wallet_address', '=', wallet).executeTakeFirstOrThrow();
  return row.id;
}

/** Opens a session for a verified address and sets its cookie (httpOnly, SameSite=Lax, Secure behind https). */
export async function openWalletSession(
  db: Db,
  reply: FastifyReply,
  session: { address: string; chainId: number; secure: boolean; now: Date },
): Promise<WalletSession> {
  const { now } = session;
  const address = session.address.toLowerCase();
  const userId = await ensureWalletUser(db, address, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + WALLET_SESSION_DAYS * DAY_MS);
  await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      wallet_address: address,
      chain_id: session.chainId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  reply.setCookie(WALLET_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: session.secure,
    expires: expiresAt,
  });
  return { userId, address };
}

function cookieToken(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[WALLET_SESSION_COOKIE];
  return token && /^[\w-]{20,100}$/.test(token) ? token : undefined;
}

/**
 * The wallet session of a request, or null (no cookie, unknown or expired session). The current-user
 * resolver calls this next to the bearer-token check.
 */
export async function readWalletSession(db: Db, request: FastifyRequest): Promise<WalletSession | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const now = new Date();
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'wallet_address', 'last_seen_at'])
    .where('id', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row || row.user_id === null || row.wallet_address === null) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > SEEN_REFRESH_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', row.id).execute();
  }
  return { userId: row.user_id, address: row.wallet_address };
}

/** Ends the request's wallet session (if any) and clears its cookie. */
export async function closeWalletSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = cookieToken(request);
  if (token) await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
  reply.clearCookie(WALLET_SESSION_COOKIE, { path: '/' });
}
