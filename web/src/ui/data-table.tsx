import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
}

function cellClass<T>(column: DataColumn<T>): string | undefined {
  const names = [column.align === 'end' ? 'num' : '', column.hideOnPhone ? 'data-table__phone-hidden' : ''];
  return names.filter(Boolean).join(' ') || undefined;
}

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
}: DataTableProps<T>) {
  const { t } = useTranslation('ui');
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

  const onHeader = (column: DataColumn<T>) => {
    const next = nextSort(activeSort, column.key, column.firstDirection ?? (column.align === 'end' ? 'desc' : 'asc'));
    if (controlled) onSortChange(next);
    else setLocalSort(next);
  };

  return (
    // The scroll box is focusable so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="data-table__scroll" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cellClass(column)}
                aria-sort={column.sortValue || controlled ? ariaSort(activeSort, column.key) : undefined}
                title={column.description}
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
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className={cellClass(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
