import { describe, expect, it } from 'vitest';
import { initialWalletAuth, VERIFICATION_FAILED, type WalletAuthState, walletAuthReducer } from './wallet-auth.ts';

const A = '0x9D85ca56217D2bb651b00f15e694EB7E713637D4';
const B = '0x2ecA0068307e706741445764A3D6A4402aC2A5a9';
const connected: WalletAuthState = { ...initialWalletAuth, account: { address: A, isConnected: true } };

describe('wallet sign-in reducer (spec 4)', () => {
  it('startup: a stored address becomes a provisional account that is not connected', () => {
    const state = walletAuthReducer(initialWalletAuth, { type: 'startup', storedAddress: A });
    expect(state.account).toEqual({ address: A, isConnected: false });
    expect(state.storedAddress).toBe(A);
    expect(state.status).toBe('not-checked');
  });

  it('startup: without a stored address there is no account', () => {
    expect(walletAuthReducer(initialWalletAuth, { type: 'startup', storedAddress: null }).account).toBeNull();
  });

  it('connected: the account is the connected address', () => {
    const state = walletAuthReducer(initialWalletAuth, { type: 'connected', address: A });
    expect(state.account).toEqual({ address: A, isConnected: true });
  });

  it('check-started: starts at check-in-progress when there is an address', () => {
    expect(walletAuthReducer(connected, { type: 'check-started' }).status).toBe('check-in-progress');
  });

  it('check-started: with no address it is not-authenticated and not logged in', () => {
    const state = walletAuthReducer({ ...initialWalletAuth, loggedInViaWallet: true }, { type: 'check-started' });
    expect(state).toMatchObject({ status: 'not-authenticated', loggedInViaWallet: false });
  });

  it('check-finished: the same address (any case) is authenticated', () => {
    const state = walletAuthReducer(connected, { type: 'check-finished', returnedAddress: A.toLowerCase() });
    expect(state).toMatchObject({ status: 'authenticated', loggedInViaWallet: true });
  });

  it('check-finished: another address is not-authenticated and removes the stored address', () => {
    const state = walletAuthReducer({ ...connected, storedAddress: A }, { type: 'check-finished', returnedAddress: B });
    expect(state).toMatchObject({ status: 'not-authenticated', storedAddress: null, loggedInViaWallet: false });
  });

  it('check-failed: an error is not-authenticated and removes the stored address', () => {
    const state = walletAuthReducer({ ...connected, storedAddress: A }, { type: 'check-failed' });
    expect(state).toMatchObject({ status: 'not-authenticated', storedAddress: null });
  });

  it('login-started: the sign-in after connecting is in progress', () => {
    expect(walletAuthReducer(connected, { type: 'login-started' }).status).toBe('check-in-progress');
  });

  it('login-finished: a matching address is authenticated and stored', () => {
    const state = walletAuthReducer(connected, { type: 'login-finished', returnedAddress: A.toLowerCase() });
    expect(state).toMatchObject({ status: 'authenticated', loggedInViaWallet: true, storedAddress: A, error: null });
  });

  it('login-finished: another address is "Verification failed"', () => {
    const state = walletAuthReducer(connected, { type: 'login-finished', returnedAddress: B });
    expect(state).toMatchObject({ status: 'not-authenticated', error: VERIFICATION_FAILED, storedAddress: null });
  });

  it('login-failed: any failure is not-authenticated with the error', () => {
    const state = walletAuthReducer(connected, { type: 'login-failed', error: 'Invalid status: 401' });
    expect(state).toMatchObject({ status: 'not-authenticated', error: 'Invalid status: 401' });
  });

  it('disconnected: no account, not logged in, stored address removed', () => {
    const signedIn: WalletAuthState = {
      ...connected,
      status: 'authenticated',
      loggedInViaWallet: true,
      storedAddress: A,
    };
    const state = walletAuthReducer(signedIn, { type: 'disconnected' });
    expect(state).toMatchObject({
      status: 'not-authenticated',
      account: null,
      loggedInViaWallet: false,
      storedAddress: null,
    });
  });
});
