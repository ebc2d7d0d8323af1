import type { ReactNode } from 'react';

/** spec 2: one shared modal state; the container shows whatever content it holds. */
export interface ModalState {
  content: ReactNode;
  /** Accessible name of the dialog. */
  label: string;
  onClose?: () => void;
}

let current: ModalState | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const modalStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
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
