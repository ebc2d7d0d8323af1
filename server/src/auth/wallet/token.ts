import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token that travels with a sign-in message: base64url(JSON payload) "." base64url(HMAC-SHA256).
 * It binds the exact message text the server issued, so the server keeps no copy of it, and a message
 * altered on the way (domain, chain, expiry) fails here before any signature is checked.
 */
export interface MessageTokenPayload {
  /** Format version. */
  v: 1;
  message: string;
  /** Lower-case address the message was issued for. */
  address: string;
  /** Expiry, epoch milliseconds (equals the message's Expiration Time). */
  exp: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signMessageToken(secret: string, payload: MessageTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The payload when the token is well-formed and was signed with this secret; null otherwise. */
export function readMessageToken(secret: string, token: string): MessageTokenPayload | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<MessageTokenPayload>;
    if (
      payload.v !== 1 ||
      typeof payload.message !== 'string' ||
      typeof payload.address !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    return payload as MessageTokenPayload;
  } catch {
    return null;
  }
}
