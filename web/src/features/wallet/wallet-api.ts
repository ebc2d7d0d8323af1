import type { WalletConfigResponse, WalletLoginResponse, WalletNonceResponse } from '@app/contract';
import { apiRequest } from '../../api/client.ts';

/** The /api/auth/wallet calls (spec 7). Cookies carry the session, so same-origin credentials. */
export const walletApi = {
  config: () => apiRequest<WalletConfigResponse>('/api/auth/wallet/config'),
  testLogin: (address: string) =>
    apiRequest<WalletLoginResponse>('/api/auth/wallet/test-login', { query: { address } }),
  nonce: (address: string, chainId: number) =>
    apiRequest<WalletNonceResponse>('/api/auth/wallet/nonce', { query: { address, chainId } }),
  verifyLogin: (address: string, body: { token: string; signature: string }) =>
    apiRequest<WalletLoginResponse>('/api/auth/wallet/verify-login', { method: 'POST', query: { address }, body }),
  clearLogin: () => apiRequest<null>('/api/auth/wallet/clear-login', { method: 'POST' }),
};
