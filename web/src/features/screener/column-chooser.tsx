import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../ui/use-dismiss.ts';
import { CHOOSABLE_COLUMNS, type ScreenerColumn } from './screener-fields.ts';

/** A "Columns" button opening a list of checkboxes; Esc or a click outside closes it. */
export function ColumnChooser({
  columns,
  onToggle,
}: {
  columns: readonly ScreenerColumn[];
  onToggle: (column: ScreenerColumn) => void;
}) {
  const { t } = useTranslation('screener');
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(open, closeMenu, root, button);

  return (
    <div className="column-chooser" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('columns.button')} <span aria-hidden="true">▾</span>
      </button>
      <fieldset id={menuId} className="column-chooser__menu" hidden={!open}>
        <legend className="visually-hidden">{t('columns.legend')}</legend>
        {CHOOSABLE_COLUMNS.map((column) => (
          <label key={column} className="column-chooser__item">
            <input type="checkbox" checked={columns.includes(column)} onChange={() => onToggle(column)} />
            {t(`columns.${column}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
