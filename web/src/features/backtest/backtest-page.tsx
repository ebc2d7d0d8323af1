import type { BacktestLine, BacktestResponse } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { screenerPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { Panel } from '../../ui/panel.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { backtestCsv } from './backtest-csv.ts';
import { type BacktestState, TOP_CHOICES } from './backtest-state.ts';
import './backtest.css';

export interface BacktestPageProps {
  state: BacktestState;
  answer: BacktestResponse | undefined;
  loading: boolean;
  /** The API's message when it refused the test (a 400 names the field), else null. */
  refused: string | null;
  failed: boolean;
  onRetry: () => void;
  onChange: (change: Partial<BacktestState>) => void;
}

/** Starts a download of the CSV in the browser (a byte-order mark: Excel reads UTF-8). */
function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A backtest of a screen (issue 43): the two lines, their figures, the members per date, what it cannot know. */
export function BacktestPage({ state, answer, loading, refused, failed, onRetry, onChange }: BacktestPageProps) {
  const { t } = useTranslation('backtest');
  const units = useUnits();
  const language = useLanguage();
  const figures = (line: BacktestLine | undefined) => [
    { label: t('figures.cagr'), value: units.pct(line?.cagrPct, { digits: 1, signed: true }) },
    { label: t('figures.volatility'), value: units.pct(line?.volatilityPct, { digits: 1 }) },
    { label: t('figures.maxDrawdown'), value: units.pct(line?.maxDrawdownPct, { digits: 1 }), tone: 'loss' as const },
  ];
  const panelState = failed && !answer ? 'error' : loading && !answer ? 'loading' : refused ? 'empty' : 'ready';
  return (
    <div className="page backtest">
      <header className="backtest__intro">
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
        <p className="backtest__screen">
          {t('screen')} <code>{state.filter || t('everyStock')}</code> · {t('orderBy')} <code>{state.orderBy}</code>
        </p>
        <Link to={screenerPath(language)}>{t('back')}</Link>
      </header>
      <form className="backtest__controls" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span>{t('controls.from')}</span>
          <input
            type="date"
            value={state.from}
            onChange={(e) => e.target.value && onChange({ from: e.target.value })}
          />
        </label>
        <label>
          <span>{t('controls.to')}</span>
          <input type="date" value={state.to} onChange={(e) => e.target.value && onChange({ to: e.target.value })} />
        </label>
        <SegmentedControl
          label={t('controls.rebalance')}
          options={[
            { value: 'monthly', label: t('controls.monthly') },
            { value: 'quarterly', label: t('controls.quarterly') },
          ]}
          value={state.rebalance}
          onChange={(rebalance) => onChange({ rebalance })}
        />
        <label>
          <span>{t('controls.top')}</span>
          <select value={state.top} onChange={(e) => onChange({ top: Number(e.target.value) })}>
            {TOP_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Panel
        title={t('chart.title')}
        asOf={answer?.to ?? null}
        state={panelState}
        onRetry={onRetry}
        errorText={t('error')}
        emptyText={refused ?? t('error')}
        actions={
          answer ? (
            <button type="button" onClick={() => download('backtest.csv', backtestCsv(answer))}>
              {t('csv')}
            </button>
          ) : null
        }
      >
        {answer ? (
          <>
            <TimeSeriesChart
              label={t('chart.label')}
              format={(value) => units.number(value, 1)}
              series={[
                { id: 'portfolio', label: t('chart.portfolio'), kind: 'line', points: answer.portfolio.monthly },
                {
                  id: 'universe',
                  label: t('chart.universe'),
                  kind: 'line',
                  points: answer.universe.monthly,
                  tone: 'reference',
                },
              ]}
            />
            <h3>{t('chart.portfolio')}</h3>
            <StatRow
              stats={[
                ...figures(answer.portfolio),
                { label: t('figures.turnover'), value: units.pct(answer.turnoverPct, { digits: 1 }) },
              ]}
            />
            <h3>{t('chart.universe')}</h3>
            <StatRow stats={figures(answer.universe)} />
            <p className="panel-note">
              {t('chart.explain', { from: units.date(answer.from), to: units.date(answer.to) })}
            </p>
          </>
        ) : null}
      </Panel>
      {answer ? (
        <Panel title={t('members.title')} className="backtest__members">
          <table className="backtest__table">
            <thead>
              <tr>
                <th scope="col">{t('members.day')}</th>
                <th scope="col">{t('members.matched')}</th>
                <th scope="col">{t('members.held')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.rebalances.map((r) => (
                <tr key={r.day}>
                  <td>{units.date(r.day)}</td>
                  <td className="num">{units.number(r.matched, 0)}</td>
                  <td>{r.members.length > 0 ? r.members.join(', ') : t('members.cash')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      ) : null}
      <section className="backtest__limits" aria-labelledby="backtest-limits">
        <h2 id="backtest-limits">{t('limits.title')}</h2>
        <ul>
          <li>{t('limits.survivorship')}</li>
          <li>{t('limits.prices')}</li>
          <li>{t('limits.costs')}</li>
        </ul>
      </section>
    </div>
  );
}
