import { useSyncExternalStore } from 'react';
import { type AuthSnapshot, authStore } from './session.ts';

/** The combined auth state (spec 3/4) for components. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}
