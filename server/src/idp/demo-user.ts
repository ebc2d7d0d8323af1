import { timingSafeEqual } from 'node:crypto';
import type { Account } from 'oidc-provider';

/**
 * The one account of the development identity provider. Its credentials are public on purpose (README,
 * login page hint): the provider only runs in demo mode, never with NODE_ENV=production.
 */
export const DEMO_USER = {
  subject: 'demo-investor',
  email: 'demo@ledgerlight.example',
  password: 'ledgerlight-demo',
  name: 'Demo Investor',
} as const;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The subject for a login + password pair, or null. The e-mail is matched without regard to case. */
export function checkDemoCredentials(login: string, password: string): string | null {
  const loginOk = login.trim().toLowerCase() === DEMO_USER.email;
  return loginOk && sameText(password, DEMO_USER.password) ? DEMO_USER.subject : null;
}

export async function findDemoAccount(id: string): Promise<Account | undefined> {
  if (id !== DEMO_USER.subject) return undefined;
  return {
    accountId: id,
    claims: async () => ({
      sub: id,
      name: DEMO_USER.name,
      preferred_username: 'demo',
      email: DEMO_USER.email,
      email_verified: true,
    }),
  };
}
