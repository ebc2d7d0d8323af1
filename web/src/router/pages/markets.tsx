import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../app/page-meta.ts';
import { IndexPanel } from '../../features/markets/index-panel.tsx';
import { MarketMapPanel } from '../../features/markets/market-map.tsx';
import { useMarketIndices } from '../../features/markets/markets-api.ts';
import { SectorIndicesPanel, SectorMoversPanel } from '../../features/markets/sector-panels.tsx';
import { queryPanelState } from '../../ui/panel.tsx';
import '../../features/markets/markets.css';

/**
 * /markets (issue 33): the universe's equal-weighted index and one per sector, the market map (issue 46),
 * the sectors' movers.
 */
export function Component() {
  const { t } = useTranslation(['markets', 'seo']);
  usePageMeta({ title: t('seo:markets.title'), description: t('seo:markets.description') });
  const query = useMarketIndices();
  const state = queryPanelState(query, (query.data?.days.length ?? 0) > 0);
  const panel = { data: query.data, state, onRetry: () => void query.refetch() };
  return (
    <div className="page markets">
      <header>
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
      </header>
      <div className="markets__columns">
        <IndexPanel {...panel} />
        <SectorIndicesPanel {...panel} />
      </div>
      <MarketMapPanel />
      <SectorMoversPanel {...panel} />
    </div>
  );
}
