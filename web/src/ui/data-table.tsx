import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnWindow, WINDOW_COLUMN } from './column-window.ts';
import { useTableScrollEdges } from './scroll-edges.ts';
import { ariaSort, nextSort, type SortDirection, type SortState, type SortValue, sortRows } from './table-sort.ts';
import { useUnits } from './units.ts';
import './ui.css';

export interface DataColumn<T> {
  key: string;
  header: string;
  /** Numbers are right-aligned ('end') in tabular figures. */
  align?: 'start' | 'end';
  cell: (row: T) => ReactNode;
  /** The value sorting uses; without it the column is not sortable. */
  sortValue?: (row: T) => SortValue;
  /** The direction a first click sorts in (numbers: largest first). */
  firstDirection?: SortDirection;
  /** A unit or explanation shown as the header's tooltip ("in %", "USD"). */
  description?: string;
  /** A decorative column (a trend sparkline) that phones leave out so the values fit beside the labels. */
  hideOnPhone?: boolean;
  /**
   * Never wrapped, even as the sticky first column of a phone (issue 46: a dividend's ex-date wrapped
   * to three lines there, squeezed to its longest word).
   */
  nowrap?: boolean;
}

function cellClass<T>(column: DataColumn<T>): string | undefined {
  const names = [
    column.align === 'end' ? 'num' : '',
    column.hideOnPhone ? 'data-table__phone-hidden' : '',
    column.nowrap ? 'data-table__nowrap' : '',
  ];
  return names.filter(Boolean).join(' ') || undefined;
}

type Slot = { kind: 'column'; at: number } | { kind: 'gap'; at: number; columns: number };

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden caption). */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Controlled sort (the server sorts): rows are shown as given. Uncontrolled: the table sorts them. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  initialSort?: SortState | null;
  /**
   * Columns from this index on are drawn only near the view (ui/column-window.ts), for a table of very
   * many columns (the financials' every quarter); the table then says its whole column count
   * (aria-colcount) and each cell its column (aria-colindex) to assistive technology.
   */
  windowFrom?: number;
  /** Says under the table when it scrolls sideways (default); off where the page says it itself. */
  scrollHint?: boolean;
}

/**
 * A dense data table (design.md): sortable headers with aria-sort, numbers right-aligned, the first
 * column sticky, and on narrow screens horizontal scrolling inside its own box, never the page.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  initialSort = null,
  windowFrom,
  scrollHint = true,
}: DataTableProps<T>) {
  const { t } = useTranslation('ui');
  // Issue 46: a phone's table hid columns past its edge with no sign of them.
  const { ref: edgesRef, edges } = useTableScrollEdges();
  const units = useUnits();
  const [localSort, setLocalSort] = useState<SortState | null>(initialSort);
  const controlled = onSortChange !== undefined;
  const activeSort = controlled ? (sort ?? null) : localSort;
  const collator = useMemo(
    () => new Intl.Collator(units.locale, { numeric: true, sensitivity: 'base' }),
    [units.locale],
  );

  const shown = useMemo(() => {
    if (controlled || !activeSort) return rows;
    const column = columns.find((c) => c.key === activeSort.key);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    return sortRows(rows, activeSort, (row) => value(row), collator);
  }, [rows, columns, activeSort, controlled, collator]);

  const windowed = windowFrom !== undefined && windowFrom < columns.length;
  const from = windowed ? windowFrom : columns.length;
  const view = useColumnWindow(columns.length - from, windowed);
  // The cells of a row in order (`at`: the column's index): the columns before the window, then the
  // window's columns and the gaps standing in for those out of view.
  const slots: Slot[] = [
    ...columns.slice(0, from).map((_, at): Slot => ({ kind: 'column', at })),
    ...(windowed
      ? view.slots.map(
          (slot): Slot =>
            slot.kind === 'column'
              ? { kind: 'column', at: from + slot.index }
              : { kind: 'gap', at: from + slot.from, columns: slot.columns },
        )
      : []),
  ];
  /** A windowed column's cells carry its index in the window and aria-colindex (1-based) says where it is. */
  const place = (at: number) =>
    windowed ? { 'aria-colindex': at + 1, ...(at >= from ? { [WINDOW_COLUMN]: at - from } : {}) } : {};
  const gap = (slot: Extract<Slot, { kind: 'gap' }>) => (
    <td
      key={`gap-${slot.at}`}
      className="data-table__gap"
      data-window-gap=""
      aria-hidden="true"
      style={{ width: slot.columns * view.columnWidth, minWidth: slot.columns * view.columnWidth }}
    />
  );

  const onHeader = (column: DataColumn<T>) => {
    const next = nextSort(activeSort, column.key, column.firstDirection ?? (column.align === 'end' ? 'desc' : 'asc'));
    if (controlled) onSortChange(next);
    else setLocalSort(next);
  };

  return (
    <div className="data-table__box" ref={edgesRef} data-scrolled={edges.start || undefined}>
      {/* The scroll box is focusable so keyboard users can scroll a wide table (axe: scrollable-region-focusable). */}
      <section
        ref={windowed ? view.ref : undefined}
        className="data-table__scroll"
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        onFocus={windowed ? view.onFocus : undefined}
      >
        <table className="data-table" aria-colcount={windowed ? columns.length : undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {slots.map((slot) => {
                if (slot.kind === 'gap') return gap(slot);
                const column = columns[slot.at] as DataColumn<T>;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={cellClass(column)}
                    aria-sort={column.sortValue || controlled ? ariaSort(activeSort, column.key) : undefined}
                    title={column.description}
                    {...place(slot.at)}
                    // Every windowed column as wide as the widest drawn: the gaps' widths add up.
                    style={
                      windowed && slot.at >= from ? { width: view.columnWidth, minWidth: view.columnWidth } : undefined
                    }
                  >
                    {column.sortValue || controlled ? (
                      <button type="button" className="data-table__sort" onClick={() => onHeader(column)}>
                        {column.header}
                        <span className="data-table__sort-icon" aria-hidden="true">
                          {activeSort?.key === column.key ? (activeSort.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                        <span className="visually-hidden">{t('table.sortBy')}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {slots.map((slot) => {
                  if (slot.kind === 'gap') return gap(slot);
                  const column = columns[slot.at] as DataColumn<T>;
                  return slot.at === 0 ? (
                    <th key={column.key} scope="row" className={cellClass(column)} {...place(slot.at)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={cellClass(column)} {...place(slot.at)}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {scrollHint && (edges.start || edges.end) && <p className="data-table__hint">{t('table.scrollHint')}</p>}
    </div>
  );
}
