import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readLocale } from '../../test/i18n.ts';
import { interpolate, renderTagged } from './texts.tsx';
import { ZH_CN_WALLET_TEXTS } from './zh-cn.ts';

afterEach(cleanup);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('modal texts', () => {
  it('zh-CN has exactly the English keys, translated', () => {
    const english = readLocale('en', 'wallet');
    expect(keysOf(ZH_CN_WALLET_TEXTS).sort()).toEqual(keysOf(english).sort());
    expect(ZH_CN_WALLET_TEXTS.modal.unableTitle).toBe('无法连接钱包');
  });

  it('carries the spec texts in English', () => {
    const english = readLocale('en', 'wallet') as { modal: Record<string, string>; errors: Record<string, string> };
    expect(english.modal).toMatchObject({
      cancelledTitle: 'Request Cancelled',
      cancelledBody: 'You canceled the request',
      unableTitle: 'Unable to Connect Wallet',
      unableBody:
        'The Dapp cannot connect to wallets in the current web environment. Please use your computer or mobile wallet for full functionality',
      refreshQr: 'Refresh QRCode',
      retry: 'Retry',
    });
    expect(english.errors.verification).toBe('Verification failed');
  });

  it('interpolates placeholders', () => {
    expect(interpolate('获取 {{wallet}}', { wallet: 'MetaMask' })).toBe('获取 MetaMask');
  });

  it('renders the disclaimer tags as the given elements', () => {
    const nodes = renderTagged('I agree to the <terms>Terms</terms> and the <privacy>Privacy Policy</privacy>.', {
      terms: (text) => <a href="https://t.example">{text}</a>,
      privacy: (text) => <a href="https://p.example">{text}</a>,
    });
    render(<p>{nodes}</p>);
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('https://t.example');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://p.example');
    expect(screen.getByText(/I agree to the/).textContent).toBe('I agree to the Terms and the Privacy Policy.');
  });
});
