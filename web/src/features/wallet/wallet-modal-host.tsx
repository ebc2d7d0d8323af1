import { use } from 'react';
import { startWalletRuntime } from './runtime.ts';
import type { ModalLanguage } from './texts.tsx';
import { type ModalTheme, WalletModal } from './wallet-modal.tsx';

/** Lazily loaded with wagmi: waits (Suspense) for the wallet runtime, then shows the modal. */
export default function WalletModalHost(props: { onClose: () => void; language?: ModalLanguage; theme?: ModalTheme }) {
  const runtime = use(startWalletRuntime());
  return <WalletModal runtime={runtime} {...props} />;
}
