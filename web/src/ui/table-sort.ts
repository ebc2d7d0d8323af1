/*
 * Sorting for DataTable and the screener: unknown values always last (as the API sorts), strings by
 * the page language's collation, ties kept in their original order.
 */
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export type SortValue = string | number | boolean | null | undefined;

export function compareValues(a: SortValue, b: SortValue, direction: SortDirection, collator?: Intl.Collator): number {
  const aMissing = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bMissing = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  let order: number;
  if (typeof a === 'string' && typeof b === 'string') order = (collator ?? defaultCollator).compare(a, b);
  else order = Number(a) - Number(b);
  return direction === 'asc' ? order : -order;
}

const defaultCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null,
  value: (row: T, key: string) => SortValue,
  collator?: Intl.Collator,
): T[] {
  if (!sort) return [...rows];
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (x, y) =>
        compareValues(value(x.row, sort.key), value(y.row, sort.key), sort.direction, collator) || x.index - y.index,
    )
    .map(({ row }) => row);
}

/**
 * What clicking a header does: a new column starts in its natural direction (numbers largest first,
 * text A-Z), the same column flips.
 */
export function nextSort(current: SortState | null, key: string, firstDirection: SortDirection): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: firstDirection };
}

/** aria-sort for a header (WAI-ARIA: only the sorted column carries ascending/descending). */
export function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
