import { expect, type Page, test } from '@playwright/test';
import { queryAppDatabase } from '../support/database.ts';

const DEMO = { email: 'demo@ledgerlight.example', password: 'ledgerlight-demo', name: 'Demo Investor' };

/** The access token the app holds (oidc-client-ts keeps the user in local storage by default). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('auth.user:')) return JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
    }
    return '';
  });
}

test('sign in through the bundled provider, stay signed in, call the API, sign out', async ({ page }) => {
  // ?r=CODE is remembered as the ref cookie and sent to PUT /api/ref once signed in.
  await page.goto('/de/?r=friend-42');
  await page.getByRole('link', { name: 'Anmelden' }).click();

  // The provider's login page, in the app's style, under /idp on the same origin.
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back where sign-in started, signed in.
  await expect(page).toHaveURL(/\/de\/\?r=friend-42$/);
  const account = page.getByRole('button', { name: `Kontomenü von ${DEMO.name}` });
  await expect(account).toBeVisible();

  await page.reload();
  await expect(account).toBeVisible();

  // A protected API with the app's bearer token; the app itself already sent PUT /api/ref with it.
  const token = await accessToken(page);
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ via: 'oidc', subject: 'demo-investor', name: DEMO.name, email: DEMO.email });
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await expect
    .poll(() => queryAppDatabase<{ code: string }>('select code from referrals'))
    .toEqual([{ code: 'friend-42' }]);

  // The watchlist lives on the server for a signed-in user.
  const put = await page.request.put('/api/me/watchlist', {
    headers: { authorization: `Bearer ${token}` },
    data: { tickers: ['ACME'] },
  });
  expect(await put.json()).toEqual({ tickers: ['ACME'] });

  // Sign out: the provider confirms, then sends the user back to the app, signed out.
  await account.click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/idp\/session\/end/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await accessToken(page)).toBe('');
});

test('a callback without an answer, or with an unknown state, is explained with a way back', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page.getByRole('heading', { name: 'Sign-in did not complete' })).toBeVisible();
  await expect(page.getByText(/opened without the sign-in's answer/)).toBeVisible();
  await expect(page.getByText('There are no query params available for parsing.', { exact: false })).toBeVisible();

  await page.goto('/auth/callback?code=abc&state=not-ours');
  await expect(page.getByText(/does not belong to a sign-in started in this browser/)).toBeVisible();
  await expect(page.getByText('Invalid state', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('/auth/login sends an absolute redirect target home', async ({ page }) => {
  await page.goto('/auth/login?redirectUri=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: `Account menu of ${DEMO.name}` })).toBeVisible();
});
