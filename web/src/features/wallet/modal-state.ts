import { storeListeners } from '../../ui/store-listeners.ts';
import type { ModalLanguage } from './texts.tsx';

/** Whether the wallet modal is open, and in which language: one small store so any entry point can open it. */
export interface WalletModalState {
  open: boolean;
  language: ModalLanguage;
}

let state: WalletModalState = { open: false, language: 'app' };
const { subscribe, emit } = storeListeners();
const set = (next: WalletModalState) => {
  state = next;
  emit();
};

export const walletModal = {
  get: (): WalletModalState => state,
  subscribe,
  open(language: ModalLanguage = state.language): void {
    set({ open: true, language });
  },
  close(): void {
    set({ ...state, open: false });
  },
};
