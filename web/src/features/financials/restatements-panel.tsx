import { type FinancialMetric, financialMetricInfo, type RestatementsResponse } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUnits } from '../../ui/units.ts';
import { useRestatements } from './financials-api.ts';
import { filingUrl, formatMetric } from './metric-format.ts';

type Row = RestatementsResponse['restatements'][number];

const isMetric = (name: string): name is FinancialMetric => Object.hasOwn(financialMetricInfo, name);

/**
 * The restatement ledger (issue 32): every value a later filing changed, newest first: the period, the
 * line, the value as first filed and the latest, the change, and both filings (links to sec.gov with a CIK).
 */
export function RestatementsPanel({ ticker, cik }: { ticker: string; cik: string | null }) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const answer = useRestatements(ticker);
  const rows = answer.data?.restatements ?? [];
  const currency = answer.data?.currency ?? '';
  const value = (row: Row, v: number) =>
    isMetric(row.lineItem) ? formatMetric(units, row.lineItem, v, currency) : String(v);
  const filing = (accession: string | null, filed: string | null) => {
    const day = units.date(filed);
    if (!accession) return day;
    return cik ? (
      <a href={filingUrl(cik, accession)} target="_blank" rel="noreferrer" title={accession}>
        {day}
      </a>
    ) : (
      <span title={accession}>{day}</span>
    );
  };
  const period = (row: Row) =>
    row.fiscalPeriod === 'FY'
      ? t('period.fy', { year: row.fiscalYear })
      : row.fiscalPeriod === 'TP'
        ? t('transitionPeriod.until', { end: units.date(row.periodEnd) })
        : t('period.quarter', { quarter: row.fiscalPeriod.slice(1), year: row.fiscalYear });
  const columns: DataColumn<Row>[] = [
    { key: 'period', header: t('restatements.period'), cell: period },
    {
      key: 'line',
      header: t('restatements.line'),
      cell: (row) => (isMetric(row.lineItem) ? t(`metrics.${row.lineItem}`) : row.lineItem),
    },
    { key: 'first', header: t('restatements.first'), align: 'end', cell: (row) => value(row, row.first.value) },
    { key: 'latest', header: t('restatements.latest'), align: 'end', cell: (row) => value(row, row.latest.value) },
    {
      key: 'change',
      header: t('restatements.change'),
      align: 'end',
      cell: (row) => units.fraction(row.changePct, { signed: true }),
    },
    {
      key: 'filings',
      header: t('restatements.filings'),
      cell: (row) => (
        <>
          {filing(row.first.accession, row.first.filed)} → {filing(row.latest.accession, row.latest.filed)}
        </>
      ),
    },
  ];
  return (
    <Panel
      title={t('restatements.title')}
      headingLevel={2}
      state={queryPanelState(answer, rows.length > 0)}
      onRetry={() => void answer.refetch()}
      emptyText={t('restatements.none')}
      skeleton={<Skeleton lines={3} />}
    >
      <DataTable
        caption={t('restatements.caption', { ticker })}
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.period}|${row.periodEnd}|${row.lineItem}`}
      />
    </Panel>
  );
}
