import { expect, type Page, test } from '@playwright/test';
import { type Hex, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/*
 * A real signing wallet in the page: an EIP-1193 provider injected before the app loads, announced through
 * EIP-6963, whose requests are answered in Node by a viem local account (so the signature is real and the
 * server verifies it like any wallet's).
 */
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const short = `${account.address.slice(0, 6)}…${account.address.slice(-4)}`;

async function injectWallet(page: Page): Promise<void> {
  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]) => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return '0x1';
      case 'net_version':
        return '1';
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_switchEthereumChain':
      case 'wallet_revokePermissions':
        return null;
      case 'personal_sign': {
        const data = params[0] as string;
        const message = isHex(data) ? { raw: data as Hex } : data;
        return account.signMessage({ message });
      }
      default:
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    }
  });
  await page.addInitScript(() => {
    type Call = (method: string, params: unknown[]) => Promise<unknown>;
    const call = (window as unknown as { __testWalletRequest: Call }).__testWalletRequest;
    const provider = {
      isTestWallet: true,
      request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
      on: () => provider,
      removeListener: () => provider,
    };
    const info = {
      uuid: '7c5d1a2e-3f4b-4c6d-8e9f-0a1b2c3d4e5f',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
      rdns: 'org.example.testwallet',
    };
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
}

test('sign in with a wallet, stay signed in after a reload, disconnect', async ({ page }) => {
  await injectWallet(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([780, 540]);
  await dialog.getByRole('button', { name: /Test Wallet/ }).click();

  await expect(page.getByRole('button', { name: new RegExp(short) })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('accountAddress'))).toBe(account.address);
  const check = await page.request.get(`/api/auth/wallet/test-login?address=${account.address.toLowerCase()}`);
  expect(await check.json()).toEqual({ address: account.address });

  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(short) })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(short) }).click();
  await page.getByRole('button', { name: 'Disconnect wallet' }).click();
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accountAddress'))).toBeNull();
  expect((await page.request.get('/api/auth/wallet/test-login')).status()).toBe(401);
});

test('a phone-size screen shows the modal as a bottom sheet, and Esc closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await injectWallet(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Mobile wallets' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Test Wallet/ })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && Math.round(box.width)).toBe(390);
  expect(box && Math.round(box.y + box.height)).toBe(760);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('without any browser wallet the desktop modal offers what can connect, not an unable view', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  // Issue 46: Coinbase Wallet connects through its SDK's popup without an extension, so the list can
  // connect and spec 2's unable view (only when nothing can) is not shown beside it.
  await expect(dialog.getByRole('heading', { name: 'What is a wallet?' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Unable to Connect Wallet' })).toHaveCount(0);
  // A wallet without an extension here: its Safari entry says it leads to the Chrome one.
  await dialog.getByRole('button', { name: 'MetaMask' }).click();
  await expect(dialog.getByRole('link', { name: 'Download for Chrome' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download for Safari' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'No Safari version: get it for Chrome' })).toHaveAttribute(
    'href',
    /chromewebstore\.google\.com/,
  );
  // Brave is listed only when installed.
  await expect(dialog.getByRole('button', { name: /Brave/ })).toHaveCount(0);
});

test('a phone with no way to connect here says so (spec 2), never an empty list', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  // 127.0.0.1, no wallet in the browser, no WalletConnect project id: no wallet app could open this page.
  await expect(dialog.getByRole('heading', { name: 'Unable to Connect Wallet' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy URL' })).toBeVisible();
  // Issue 46: it says why (a loopback address names the phone in the app's browser) and what to do.
  await expect(dialog.getByText(/where 127\.0\.0\.1:\d+ would mean the phone itself/)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Mobile wallets' })).toBeHidden();
});
