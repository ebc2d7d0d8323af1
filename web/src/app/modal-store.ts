import type { ReactNode } from 'react';
import { storeListeners } from '../ui/store-listeners.ts';

/** spec 2: one shared modal state; the container shows whatever content it holds. */
export interface ModalState {
  content: ReactNode;
  /** Accessible name of the dialog. */
  label: string;
  onClose?: () => void;
}

let current: ModalState | null = null;
const { subscribe, emit } = storeListeners();

export const modalStore = {
  subscribe,
  get(): ModalState | null {
    return current;
  },
  open(state: ModalState): void {
    current = state;
    emit();
  },
  close(): void {
    const closing = current;
    current = null;
    emit();
    closing?.onClose?.();
  },
};
