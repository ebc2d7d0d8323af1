import type { ReactNode } from 'react';
import { useSectorLabels } from '../i18n/sector-labels.ts';

/** A column of changes (or counts) beside the sector names: numbers, right-aligned. */
export interface SectorColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the cell beyond `num` (the home page's heat colour). */
  className?: (row: T) => string;
}

/**
 * A table of sectors, one row each (its name in the page's language as the row header) and a number per
 * column: the home page's cap-weighted changes and the markets page's equal-weighted indices (issue 42).
 */
export function SectorTable<T extends { sector: string }>({
  caption,
  sectorHeader,
  columns,
  rows,
  className,
}: {
  caption: string;
  sectorHeader: string;
  columns: readonly SectorColumn<T>[];
  rows: readonly T[];
  className: string;
}) {
  const labels = useSectorLabels();
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{sectorHeader}</th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="num">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.sector}>
            <th scope="row">{labels.sector(row.sector)}</th>
            {columns.map((column) => (
              <td key={column.key} className={column.className ? `num ${column.className(row)}` : 'num'}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
