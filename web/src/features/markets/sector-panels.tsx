import type { MarketIndices, SectorMover } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Panel, type PanelState } from '../../ui/panel.tsx';
import { useTableScrollEdges } from '../../ui/scroll-edges.ts';
import { type SectorColumn, SectorTable } from '../../ui/sector-table.tsx';
import { useUnits } from '../../ui/units.ts';

type SectorIndex = MarketIndices['sectors'][number];

const changeColumn = (
  key: string,
  header: string,
  valuePct: (row: SectorIndex) => number | null,
): SectorColumn<SectorIndex> => ({ key, header, cell: (row) => <ChangeBadge valuePct={valuePct(row)} /> });

interface SectorPanelProps {
  data: MarketIndices | undefined;
  state: PanelState;
  onRetry: () => void;
}

/**
 * Each sector's equal-weighted index: its month, year and day changes, most companies first. The month
 * and year come first so a phone shows them beside the sector (issue 46: they were past the edge with
 * no sign of them); a line under the table says when it scrolls sideways.
 */
export function SectorIndicesPanel({ data, state, onRetry }: SectorPanelProps) {
  const { t } = useTranslation('markets');
  const ui = useTranslation('ui').t;
  const { ref: box, edges } = useTableScrollEdges();
  const units = useUnits();
  return (
    <Panel title={t('sectors.title')} state={state} onRetry={onRetry} emptyText={t('empty')} asOf={data?.asOf ?? null}>
      {/* Equal-weighted, said where the numbers are: the home page's sectors are cap-weighted (issue 42). */}
      <p className="panel-note">{t('sectors.weighting')}</p>
      <div className="data-table__box" ref={box} data-scrolled={edges.start || undefined}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="data-table__scroll" aria-label={t('sectors.caption')} tabIndex={0}>
          <SectorTable
            className="data-table markets-sectors"
            caption={t('sectors.caption')}
            sectorHeader={t('sectors.sector')}
            rows={data?.sectors ?? []}
            columns={[
              changeColumn('month', t('change.month'), (row) => row.monthPct),
              changeColumn('year', t('change.year'), (row) => row.yearPct),
              changeColumn('day', t('change.day'), (row) => row.dayPct),
              { key: 'companies', header: t('sectors.companies'), cell: (row) => units.number(row.companies, 0) },
            ]}
          />
        </section>
        {(edges.start || edges.end) && <p className="data-table__hint">{ui('table.scrollHint')}</p>}
      </div>
    </Panel>
  );
}

function MoverList({ title, movers }: { title: string; movers: readonly SectorMover[] }) {
  const { t } = useTranslation('markets');
  const units = useUnits();
  const language = useLanguage();
  return (
    <div className="markets-movers__list">
      <h4>{title}</h4>
      {movers.length === 0 ? (
        <p className="panel-note">{t('movers.none')}</p>
      ) : (
        <ul>
          {movers.map((m) => (
            <li key={m.ticker}>
              <span className="markets-movers__stock">
                <Link to={stockPath(language, m.ticker)} className="markets-movers__ticker">
                  {m.ticker}
                </Link>
                <span className="markets-movers__name">{m.name}</span>
              </span>
              <span className="num">{units.money(m.price, m.currency)}</span>
              <ChangeBadge valuePct={m.changePct} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The largest rises and falls of the last day in each sector. */
export function SectorMoversPanel({ data, state, onRetry }: SectorPanelProps) {
  const { t } = useTranslation('markets');
  const labels = useSectorLabels();
  return (
    <Panel title={t('movers.title')} state={state} onRetry={onRetry} emptyText={t('empty')} asOf={data?.asOf ?? null}>
      <div className="markets-movers">
        {data?.sectors.map((sector) => (
          <section key={sector.sector} className="markets-movers__sector" aria-label={labels.sector(sector.sector)}>
            <h3>{labels.sector(sector.sector)}</h3>
            <MoverList title={t('movers.gainers')} movers={sector.gainers} />
            <MoverList title={t('movers.losers')} movers={sector.losers} />
          </section>
        ))}
      </div>
    </Panel>
  );
}
