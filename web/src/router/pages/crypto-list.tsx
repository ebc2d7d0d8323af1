import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../app/page-meta.ts';
import { CoinTable } from '../../features/coins/coin-table.tsx';
import { useCoinList } from '../../features/coins/coins-api.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';

/** /crypto (issue 46): every coin in one sortable table. */
export function Component() {
  const { t } = useTranslation(['lists', 'seo']);
  usePageMeta({ title: t('seo:coins.title'), description: t('seo:coins.description') });
  const query = useCoinList();
  const coins = query.data?.coins ?? [];
  return (
    <div className="page">
      <header>
        <h1>{t('coins.title')}</h1>
        <p>{t('coins.lead')}</p>
      </header>
      <Panel
        title={t('coins.caption')}
        state={queryPanelState(query, coins.length > 0)}
        onRetry={() => void query.refetch()}
        emptyText={t('coins.empty')}
        asOf={query.data?.asOf ?? null}
        source={t('coins.source')}
      >
        <CoinTable coins={coins} />
      </Panel>
    </div>
  );
}
