import type { FinancialMetric, FinancialValues } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Sparkline } from '../../ui/sparkline.tsx';
import { useUnits } from '../../ui/units.ts';
import { filingUrl, formatMetric } from './metric-format.ts';

/** A period's values and their sources (a fiscal period of the financials, or the TTM). */
export interface StatementColumn extends FinancialValues {
  key: string;
  /** The column head ("FY 2024", "Q3 2025", "TTM"). */
  label: string;
  /** The period end, said in the header's tooltip. */
  periodEnd: string | null;
}

export interface StatementTableProps {
  caption: string;
  metrics: readonly FinancialMetric[];
  /** Newest first (design.md). */
  columns: readonly StatementColumn[];
  currency: string;
  /** The company's SEC CIK: with it, each filed value links to its filing. */
  cik: string | null;
}

interface Row {
  metric: FinancialMetric;
}

/** A statement: line items down, periods across (newest first), a trend per row, values linked to filings. */
export function StatementTable({ caption, metrics, columns, currency, cik }: StatementTableProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const rows: Row[] = metrics
    .filter((metric) => columns.some((column) => column.values[metric] != null))
    .map((metric) => ({ metric }));

  const cell = (column: StatementColumn, metric: FinancialMetric) => {
    const value = column.values[metric];
    const text = formatMetric(units, metric, value, currency);
    if (value == null) return text;
    const accessions = column.accessions[metric];
    const accession = accessions?.[0];
    if (!cik || !accessions || !accession) {
      return column.derived.includes(metric) ? <span title={t('table.derived')}>{text}</span> : text;
    }
    return (
      <a
        href={filingUrl(cik, accession)}
        target="_blank"
        rel="noopener noreferrer"
        title={t('table.filing', { accession: accessions.join(', ') })}
      >
        {text}
      </a>
    );
  };

  const tableColumns: DataColumn<Row>[] = [
    { key: 'item', header: t('table.item'), cell: (row) => t(`metrics.${row.metric}`) },
    ...(columns.length > 1
      ? [
          {
            key: 'trend',
            header: t('table.trend'),
            hideOnPhone: true,
            cell: (row: Row) => (
              <Sparkline
                values={[...columns].reverse().map((column) => column.values[row.metric] ?? Number.NaN)}
                label={t('table.trendLabel', { item: t(`metrics.${row.metric}`) })}
                width={64}
                height={20}
              />
            ),
          },
        ]
      : []),
    ...columns.map((column) => ({
      key: column.key,
      header: column.label,
      align: 'end' as const,
      ...(column.periodEnd ? { description: t('table.periodEnd', { date: units.date(column.periodEnd) }) } : {}),
      cell: (row: Row) => cell(column, row.metric),
    })),
  ];

  if (rows.length === 0) return <p className="muted">{t('empty')}</p>;
  return <DataTable caption={caption} columns={tableColumns} rows={rows} rowKey={(row) => row.metric} />;
}
