import { expect, test } from '@playwright/test';

/*
 * The phone wallet sheet at an address a wallet app can open (issue 23): the wallet apps, each opening
 * this page in its own browser. The app runs at 127.0.0.1; this browser reaches it under a made-up host
 * name (Chromium's host resolver rules), as a phone reaches a deployed app.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const host = 'ledgerlight-e2e.test';
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  },
});

test('the phone sheet lists the wallet apps, and a tap opens this page in the app (German)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  // No outside network here: the wallet's link is answered in the test.
  await page.route('https://link.metamask.io/**', (route) =>
    route.fulfill({ body: 'MetaMask', contentType: 'text/plain' }),
  );
  await page.goto(`http://${host}:${port}/de`);
  await page.getByRole('button', { name: 'Wallet verbinden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wallet verbinden' });
  await expect(dialog.getByRole('heading', { name: 'Mobile Wallets' })).toBeVisible();
  // Issue 33: the apps by their names, each a link that opens this very page in the app's browser.
  await expect(dialog.getByRole('listitem')).toHaveText(['Coinbase Wallet', 'MetaMask', 'OKX Wallet', 'Trust Wallet']);
  const here = `http://${host}:${port}/de`;
  const href = (name: string) => dialog.getByRole('link', { name }).getAttribute('href');
  expect(await href('MetaMask')).toBe(`https://link.metamask.io/dapp/${here}`);
  expect(await href('Coinbase Wallet')).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(here)}`);
  expect(await href('Trust Wallet')).toBe(
    `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here)}`,
  );
  expect(await href('OKX Wallet')).toBe(
    `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(here)}`)}`,
  );
  // Real logos (bundled SVG files), not letters on a square.
  for (const image of await dialog.locator('.wallet-item img').all()) {
    const source = (await image.getAttribute('src')) ?? '';
    expect(source).toMatch(/\.svg$|^data:image\/svg\+xml/);
    expect(decodeURIComponent(source)).not.toContain('<text');
  }
  const box = await dialog.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(760);
  await dialog.getByRole('link', { name: 'MetaMask' }).click();
  await expect(page).toHaveURL(`https://link.metamask.io/dapp/${here}`);
});
