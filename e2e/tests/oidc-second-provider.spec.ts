import { expect, test } from '@playwright/test';
import { SECOND_AUDIENCE, secondAppURL, secondIdpURL } from '../support/second-provider.ts';

// The app started with OIDC_ISSUER pointing at a second, separately started OpenID Provider (its own
// port, client, audience, keys and login pages) and an in-memory token cache.
test.use({ baseURL: secondAppURL });

test('sign-in works the same with another OpenID Provider', async ({ page }) => {
  const config = await (await page.request.get('/api/auth/config')).json();
  expect(config).toMatchObject({ issuer: secondIdpURL, audience: SECOND_AUDIENCE, devProvider: false });
  // The bundled provider is off.
  expect((await page.request.get('/idp/.well-known/openid-configuration')).status()).toBe(404);

  let bearer = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header && request.url() === `${secondAppURL}/api/ref`) bearer = header;
  });

  await page.goto('/?r=second-ref');
  await page.getByRole('link', { name: 'Sign in' }).click();
  // oidc-provider's own development login and consent pages, on the other origin.
  await expect(page).toHaveURL(new RegExp(`^${secondIdpURL}/interaction/`));
  await page.locator('input[name="login"]').fill('alice');
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${secondAppURL}/?r=second-ref`);
  const account = page.getByRole('button', { name: 'Account menu of alice (second provider)' });
  await expect(account).toBeVisible();

  // Tokens are kept in memory here: a reload signs in again silently (prompt=none in a hidden iframe).
  await page.reload();
  await expect(account).toBeVisible();

  // The app sent PUT /api/ref with the second provider's token; the API verified it against that
  // provider's discovery and JWKS, and accepts it for the signed-in user.
  expect(bearer).toMatch(/^Bearer /);
  const me = await page.request.get('/api/me', { headers: { authorization: bearer } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ via: 'oidc', subject: 'alice', issuer: secondIdpURL });
});
