import type { PeerRow } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { formatFigure } from '../../ui/figure-format.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { useUnits } from '../../ui/units.ts';
import { usePeers } from './peers-api.ts';
import './peers.css';

/**
 * The company beside its nearest peers (issue 33): same industry first, then sector, nearest by market
 * cap; each ratio in one column so they read side by side, each peer linked to its page. Each figure is
 * formatted as the metric catalogue declares it (ui/figure-format.ts), as in key statistics and the screener.
 */
export function PeersPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('peers');
  const units = useUnits();
  const language = useLanguage();
  const labels = useSectorLabels();
  const query = usePeers(ticker);
  const data = query.data;
  const rows = data ? [data.company, ...data.peers] : [];
  const columns = useMemo<DataColumn<PeerRow>[]>(
    () => [
      {
        key: 'company',
        header: t('company'),
        cell: (row) => (
          <span className="peers__company">
            {row.ticker === ticker ? (
              <strong className="peers__ticker" aria-current="page">
                {row.ticker}
              </strong>
            ) : (
              <Link to={stockPath(language, row.ticker)} className="peers__ticker">
                {row.ticker}
              </Link>
            )}
            <span className="peers__name">{row.name}</span>
            <span className="peers__industry">{labels.industry(row.industry) || labels.sector(row.sector)}</span>
          </span>
        ),
        sortValue: (row) => row.ticker,
      },
      // Issue 46: P/E and yield, what peers are compared by, next to the company so a phone shows them.
      {
        key: 'pe',
        header: t('pe'),
        align: 'end',
        cell: (row) => formatFigure('pe', row.pe, units, row.currency),
        sortValue: (row) => row.pe,
      },
      {
        key: 'yield',
        header: t('dividendYield'),
        align: 'end',
        cell: (row) => formatFigure('dividendYieldPct', row.dividendYieldPct, units, row.currency),
        sortValue: (row) => row.dividendYieldPct,
      },
      {
        key: 'cap',
        header: t('marketCap'),
        align: 'end',
        cell: (row) => formatFigure('marketCap', row.marketCap, units, row.currency),
        sortValue: (row) => row.marketCap,
      },
      {
        key: 'payout',
        header: t('payout'),
        align: 'end',
        cell: (row) => formatFigure('payoutRatio', row.payoutRatio, units, row.currency),
        sortValue: (row) => row.payoutRatio,
      },
      {
        key: 'margin',
        header: t('netMargin'),
        align: 'end',
        cell: (row) => formatFigure('netMargin', row.netMargin, units, row.currency),
        sortValue: (row) => row.netMargin,
      },
      {
        key: 'year',
        header: t('change1y'),
        align: 'end',
        cell: (row) => <ChangeBadge valuePct={row.change1yPct} />,
        sortValue: (row) => row.change1yPct,
      },
    ],
    [t, units, language, labels, ticker],
  );
  return (
    <Panel
      title={t('title')}
      className="peers"
      state={queryPanelState(query, (data?.peers.length ?? 0) > 0)}
      onRetry={() => void query.refetch()}
      emptyText={t('empty')}
      asOf={data?.asOf ?? null}
      source={t('source')}
    >
      <DataTable caption={t('caption', { ticker })} columns={columns} rows={rows} rowKey={(row) => row.ticker} />
    </Panel>
  );
}
