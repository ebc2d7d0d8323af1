/**
 * The listener half of a small module-level store read through React's useSyncExternalStore: the
 * store keeps its own snapshot (which must stay the same object until it changes, as React compares
 * it by identity), passes `subscribe` as the hook's first argument and calls `emit()` after a change.
 * `subscribe` needs no `this`, so a store can hand it on as it is.
 */
export interface StoreListeners {
  subscribe: (listener: () => void) => () => void;
  emit: () => void;
}

export function storeListeners(): StoreListeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}
