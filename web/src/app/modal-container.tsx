import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { modalStore } from './modal-store.ts';

/** Renders the shared modal state in a native dialog: focus is trapped and Esc closes it. */
export function ModalContainer() {
  const modal = useSyncExternalStore(modalStore.subscribe, modalStore.get, () => null);
  const dialog = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (modal && !element.open) {
      // jsdom lacks showModal; the open attribute is the fallback there.
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!modal && element.open) element.close();
  }, [modal]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Esc is the keyboard way (onCancel)
    <dialog
      ref={dialog}
      className="modal"
      aria-label={modal?.label}
      onCancel={(event) => {
        event.preventDefault();
        modalStore.close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) modalStore.close();
      }}
    >
      {modal && (
        <div className="modal__body">
          <button type="button" className="modal__close icon-button" onClick={() => modalStore.close()}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('common.close')}</span>
          </button>
          {modal.content}
        </div>
      )}
    </dialog>
  );
}
