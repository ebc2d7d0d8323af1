/** spec 3: the wallet sign-in states. */
export type WalletAuthState = 'not-checked' | 'check-in-progress' | 'authenticated' | 'not-authenticated';

/** spec 4: the combined auth state's three values. */
export type CombinedAuthState = 'authenticated' | 'not-authenticated' | 'in-progress';

export interface CombinedAuthInput {
  userInfo: unknown | null;
  authInProgress: boolean;
  notAuthenticated: boolean;
  walletState: WalletAuthState;
}

/**
 * spec 4, rule by rule:
 * - authenticated: the wallet is authenticated, or user info is present and no auth is in progress;
 * - not-authenticated: user info is absent or the unauthenticated flag is set, and no auth is in
 *   progress, and the wallet check is not in progress;
 * - in-progress: any other case.
 */
export function combinedAuthState({
  userInfo,
  authInProgress,
  notAuthenticated,
  walletState,
}: CombinedAuthInput): CombinedAuthState {
  const hasUser = userInfo !== null && userInfo !== undefined;
  if (walletState === 'authenticated') return 'authenticated';
  if (hasUser && !authInProgress) return 'authenticated';
  if ((!hasUser || notAuthenticated) && !authInProgress && walletState !== 'check-in-progress')
    return 'not-authenticated';
  return 'in-progress';
}
