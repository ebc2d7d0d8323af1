import type { DividendHistory } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { useUnits } from '../../ui/units.ts';
import { useDividendHistory } from './dividends-api.ts';
import './dividends.css';

type Payment = DividendHistory['payments'][number];

/** Payments shown before "show all": three years of a quarterly payer. */
const FIRST_ROWS = 12;

/**
 * Every dividend payment (issue 33), newest first: ex, record and pay days ("—" where the source gives
 * none), the amount as paid and in today's shares, and the frequency read from the ex-dates. The same
 * rows download as CSV from the API.
 */
export function DividendHistoryPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = useDividendHistory(ticker);
  const [all, setAll] = useState(false);
  const payments = query.data?.payments ?? [];
  const split = payments.some((p) => p.amount !== p.amountSplitAdjusted);
  const columns = useMemo(() => {
    // Issue 46: the amount, the figure a reader comes for, right after the ex-date, so a phone shows both;
    // the ex-date on one line.
    const list: DataColumn<Payment>[] = [
      {
        key: 'ex',
        header: t('payments.exDate'),
        nowrap: true,
        cell: (p) => units.date(p.exDate),
        sortValue: (p) => p.exDate,
      },
      {
        key: 'amount',
        header: t('payments.amount'),
        align: 'end',
        cell: (p) => units.money(p.amount, p.currency),
        sortValue: (p) => p.amount,
      },
    ];
    if (split)
      list.push({
        key: 'adjusted',
        header: t('payments.adjusted'),
        description: t('payments.adjustedHint'),
        align: 'end',
        cell: (p) => units.money(p.amountSplitAdjusted, p.currency),
      });
    list.push(
      { key: 'pay', header: t('payments.payDate'), cell: (p) => units.date(p.payDate) },
      { key: 'record', header: t('payments.recordDate'), cell: (p) => units.date(p.recordDate) },
    );
    list.push(
      { key: 'currency', header: t('payments.currency'), cell: (p) => p.currency },
      { key: 'frequency', header: t('payments.frequency'), cell: (p) => t(`payments.frequencies.${p.frequency}`) },
    );
    return list;
  }, [t, units, split]);
  const rows = all ? payments : payments.slice(0, FIRST_ROWS);
  const csv = `/api/data/dividends/history?${new URLSearchParams({ ticker, format: 'csv' })}`;
  return (
    <Panel
      title={t('payments.title')}
      headingLevel={3}
      className="dividend-history"
      state={queryPanelState(query, payments.length > 0)}
      onRetry={() => void query.refetch()}
      emptyText={t('payments.empty')}
      source={t('payments.source')}
      actions={
        payments.length > 0 && (
          <a className="button button--ghost" href={csv} download={`${ticker}-dividends.csv`}>
            {t('payments.download')}
          </a>
        )
      }
    >
      <DataTable caption={t('payments.caption', { ticker })} columns={columns} rows={rows} rowKey={(p) => p.exDate} />
      {payments.length > FIRST_ROWS && (
        <button type="button" className="button button--ghost dividend-history__more" onClick={() => setAll(!all)}>
          {all ? t('payments.showFewer') : t('payments.showAll', { total: payments.length })}
        </button>
      )}
    </Panel>
  );
}
