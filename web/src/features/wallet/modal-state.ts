import type { ModalLanguage } from './texts.tsx';

/** Whether the wallet modal is open, and in which language: one small store so any entry point can open it. */
export interface WalletModalState {
  open: boolean;
  language: ModalLanguage;
}

let state: WalletModalState = { open: false, language: 'app' };
const listeners = new Set<() => void>();
const set = (next: WalletModalState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const walletModal = {
  get: (): WalletModalState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(language: ModalLanguage = state.language): void {
    set({ open: true, language });
  },
  close(): void {
    set({ ...state, open: false });
  },
};
