import { describe, expect, it } from 'vitest';
import { type CombinedAuthInput, combinedAuthState } from './combined-state.ts';

const base: CombinedAuthInput = {
  userInfo: null,
  authInProgress: false,
  notAuthenticated: false,
  walletState: 'not-checked',
};
const user = { sub: 'demo' };

describe('combined auth state (spec 4)', () => {
  describe('authenticated', () => {
    it('when the wallet is authenticated, even with no user info', () => {
      expect(combinedAuthState({ ...base, walletState: 'authenticated' })).toBe('authenticated');
    });
    it('when the wallet is authenticated, even while an identity-provider check runs', () => {
      expect(combinedAuthState({ ...base, walletState: 'authenticated', authInProgress: true })).toBe('authenticated');
    });
    it('when user info is present and no auth is in progress', () => {
      expect(combinedAuthState({ ...base, userInfo: user })).toBe('authenticated');
    });
  });

  describe('not-authenticated', () => {
    it('when user info is absent and nothing is in progress', () => {
      expect(combinedAuthState(base)).toBe('not-authenticated');
    });
    it('when the unauthenticated flag is set and nothing is in progress', () => {
      expect(combinedAuthState({ ...base, notAuthenticated: true, walletState: 'not-authenticated' })).toBe(
        'not-authenticated',
      );
    });
  });

  describe('in-progress', () => {
    it('while identity-provider auth is in progress without user info', () => {
      expect(combinedAuthState({ ...base, authInProgress: true })).toBe('in-progress');
    });
    it('while user info is present but auth is in progress again', () => {
      expect(combinedAuthState({ ...base, userInfo: user, authInProgress: true })).toBe('in-progress');
    });
    it('while the wallet check is in progress and there is no user info', () => {
      expect(combinedAuthState({ ...base, walletState: 'check-in-progress' })).toBe('in-progress');
    });
    it('while the wallet check is in progress even with the unauthenticated flag set', () => {
      expect(combinedAuthState({ ...base, notAuthenticated: true, walletState: 'check-in-progress' })).toBe(
        'in-progress',
      );
    });
  });
});
