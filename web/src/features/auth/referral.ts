import { type RefResponse, referralCode } from '@app/contract';
import { apiRequest } from '../../api/client.ts';

/** spec 3: the cookie "ref" holds a referral code, set from the query parameter r. */
const COOKIE = 'ref';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Copies ?r=CODE into the ref cookie (a malformed code is ignored). */
export function captureReferral(search: string): void {
  const code = new URLSearchParams(search).get('r');
  if (!code || !referralCode.safeParse(code).success) return;
  // biome-ignore lint/suspicious/noDocumentCookie: a first-party cookie the spec names; no library needed
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

export function readReferral(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** spec 7: with a token and a ref cookie both present, PUT /api/ref {ref} with the bearer header. */
export async function sendReferral(accessToken: string | null): Promise<RefResponse | null> {
  const ref = readReferral();
  if (!accessToken || !ref) return null;
  const result = await apiRequest<RefResponse>('/api/ref', {
    method: 'PUT',
    body: { ref },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  // Recorded, already recorded or our own code: the server has decided; do not send it again.
  // biome-ignore lint/suspicious/noDocumentCookie: see captureReferral
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return result;
}
