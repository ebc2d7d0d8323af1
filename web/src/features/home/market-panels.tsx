import type { MarketMover, SectorPerformance } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityPath, stockPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { type SectorColumn, SectorTable } from '../../ui/sector-table.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUnits } from '../../ui/units.ts';
import { useExDividends, useMovers, useSectorPerformance } from './home-api.ts';

/*
 * The home page's market context (issue 23): movers, sector performance and the next ex-dividend days.
 * Each is a panel with its own loading, empty and error states.
 */

type MoverList = 'gainers' | 'losers' | 'mostActive';

// Each panel's skeleton is as tall as its loaded body with its as-of line, at each breakpoint
// (first-screen.css; the server's first screen draws the same, server/src/web/page-skeleton.ts), so the
// page does not jump when the data arrives.
export function MoversPanel() {
  const { t } = useTranslation('home');
  const units = useUnits();
  const language = useLanguage();
  const movers = useMovers();
  const [list, setList] = useState<MoverList>('gainers');
  const rows: MarketMover[] = movers.data?.[list] ?? [];
  return (
    <Panel
      title={t('movers.title')}
      state={queryPanelState(movers, rows.length > 0)}
      onRetry={() => void movers.refetch()}
      emptyText={t('movers.empty')}
      asOf={movers.data?.asOf ?? null}
      className="movers"
      skeleton={<Skeleton size="movers" />}
    >
      <SegmentedControl<MoverList>
        label={t('movers.title')}
        fill
        value={list}
        onChange={setList}
        options={(['gainers', 'losers', 'mostActive'] as const).map((value) => ({
          value,
          label: t(`movers.${value}`),
        }))}
      />
      <table className="market-table">
        <caption className="visually-hidden">{t(`movers.${list}`)}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('table.stock')}</th>
            <th scope="col">{t('table.price')}</th>
            <th scope="col">{list === 'mostActive' ? t('table.volume') : t('table.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.ticker}>
              <th scope="row">
                <Link to={stockPath(language, row.ticker)} className="market-table__ticker">
                  {row.ticker}
                </Link>
                <span className="market-table__name">{row.name}</span>
              </th>
              <td className="num">{units.money(row.price, row.currency)}</td>
              <td className="num">
                {list === 'mostActive' ? (
                  <span title={t('table.volume')}>{units.compact(row.volume)}</span>
                ) : (
                  <ChangeBadge valuePct={row.changePct} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

/** A change in percent as a heat-map cell: the colour's strength by size (five steps), the sign always written. */
function heat(valuePct: number | null): string {
  if (valuePct === null) return 'heat';
  const size = Math.abs(valuePct);
  const step = size < 0.5 ? 1 : size < 2 ? 2 : size < 5 ? 3 : size < 15 ? 4 : 5;
  return `heat heat--${valuePct >= 0 ? 'gain' : 'loss'}-${step}`;
}

type SectorChange = SectorPerformance['sectors'][number];

export function SectorPanel() {
  const { t } = useTranslation('home');
  const units = useUnits();
  const heatColumn = (
    key: string,
    header: string,
    valuePct: (row: SectorChange) => number | null,
  ): SectorColumn<SectorChange> => ({
    key,
    header,
    cell: (row) => units.pct(valuePct(row), { signed: true, digits: 1 }),
    className: (row) => heat(valuePct(row)),
  });
  const sectors = useSectorPerformance();
  const rows = sectors.data?.sectors ?? [];
  return (
    <Panel
      // The title names the weighting (cap-weighted; the markets page's are equal-weighted, issue 42): in
      // the title, the server's first screen draws it at the same height.
      title={t('sectors.title')}
      state={queryPanelState(sectors, rows.length > 0)}
      onRetry={() => void sectors.refetch()}
      emptyText={t('sectors.empty')}
      asOf={sectors.data?.asOf ?? null}
      className="sectors"
      skeleton={<Skeleton size="sectors" />}
    >
      <SectorTable
        className="market-table market-table--heat"
        caption={t('sectors.caption')}
        sectorHeader={t('sectors.sector')}
        rows={rows}
        columns={[
          heatColumn('day', t('sectors.day'), (row) => row.dayPct),
          heatColumn('month', t('sectors.month'), (row) => row.monthPct),
          heatColumn('year', t('sectors.year'), (row) => row.yearPct),
        ]}
      />
    </Panel>
  );
}

type DividendScope = 'all' | 'watchlist';

/** The next ex-dividend days of every stock, or of the watchlist when there is one (issue 23). */
export function ExDividendsPanel({ watchlist }: { watchlist: readonly string[] }) {
  const { t } = useTranslation('home');
  const units = useUnits();
  const language = useLanguage();
  const [scope, setScope] = useState<DividendScope>('all');
  const own = watchlist.length > 0 && scope === 'watchlist';
  const dividends = useExDividends(own ? watchlist : null);
  const items = dividends.data?.items ?? [];
  return (
    <Panel
      title={t('exDividends.title')}
      state={queryPanelState(dividends, items.length > 0 || watchlist.length > 0)}
      onRetry={() => void dividends.refetch()}
      emptyText={t('exDividends.empty')}
      asOf={dividends.data?.asOf ?? null}
      source={items.some((item) => item.estimated) ? t('exDividends.estimatedNote') : undefined}
      className="ex-dividends"
      skeleton={<Skeleton size="ex-dividends" />}
    >
      {watchlist.length > 0 && (
        <SegmentedControl<DividendScope>
          label={t('exDividends.scope')}
          fill
          value={scope}
          onChange={setScope}
          options={[
            { value: 'all', label: t('exDividends.all') },
            { value: 'watchlist', label: t('exDividends.watchlist') },
          ]}
        />
      )}
      {items.length === 0 ? (
        <p className="muted">{own ? t('exDividends.emptyWatchlist') : t('exDividends.empty')}</p>
      ) : (
        <table className="market-table">
          <caption className="visually-hidden">{t('exDividends.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('exDividends.date')}</th>
              <th scope="col">{t('table.stock')}</th>
              <th scope="col" className="num">
                {t('exDividends.amount')}
              </th>
              <th scope="col" className="num">
                {t('exDividends.yield')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.ticker}>
                <td className="market-table__date">
                  {units.date(item.exDate)}
                  {item.estimated && (
                    <abbr className="market-table__estimated" title={t('exDividends.estimated')}>
                      *
                    </abbr>
                  )}
                </td>
                <th scope="row">
                  <Link to={securityPath(language, 'stock', item.ticker)} className="market-table__ticker">
                    {item.ticker}
                  </Link>
                  <span className="market-table__name">{item.name}</span>
                </th>
                <td className="num">{units.money(item.amount, item.currency)}</td>
                <td className="num">{units.pct(item.yieldPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
