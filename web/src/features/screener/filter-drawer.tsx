import { type ReactNode, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** Below this width the filters move into a drawer (issue 23: they filled two phone screens). */
export const DRAWER_QUERY = '(max-width: 900px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

export interface FilterDrawerProps {
  /** How many filters are set, shown on the button that opens the drawer. */
  active: number;
  /** The result count as the drawer's closing button says it ("Show 42 stocks"). */
  total: number | undefined;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The filters on a phone: a button above the results opens them in a modal drawer (native dialog:
 * focus kept inside, Esc closes); its footer button shows the result count and closes it.
 */
export function FilterDrawer({ active, total, onClose, children }: FilterDrawerProps) {
  const { t } = useTranslation('screener');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className="button filter-drawer__open"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {active ? t('drawer.openCount', { count: active }) : t('drawer.open')}
      </button>
      <dialog ref={dialog} className="filter-drawer" aria-labelledby={titleId} onClose={onClose}>
        <header className="filter-drawer__header">
          <h2 id={titleId}>{t('filters.title')}</h2>
          <button
            type="button"
            className="button button--ghost filter-drawer__close"
            aria-label={t('drawer.close')}
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </header>
        <div className="filter-drawer__body">{children}</div>
        <footer className="filter-drawer__footer">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {total === undefined ? t('drawer.show') : t('drawer.showCount', { count: total })}
          </button>
        </footer>
      </dialog>
    </>
  );
}
