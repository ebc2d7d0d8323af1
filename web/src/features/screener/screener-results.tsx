import type { ODataV2Response, PartialIndicatorRow } from '@app/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Panel } from '../../ui/panel.tsx';
import { scrollLeftToReveal, useTableScrollEdges } from '../../ui/scroll-edges.ts';
import { useStickyHead } from '../../ui/sticky-head.ts';
import type { SortState } from '../../ui/table-sort.ts';
import { useUnits } from '../../ui/units.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { downloadText, toCsv } from './csv.ts';
import { fetchAllRows } from './screener-api.ts';
import { COLUMN_SPECS, type ColumnContext } from './screener-columns.tsx';
import { pageCount } from './screener-query.ts';
import { PAGE_SIZES, type ScreenerState, type SortKey, toggleColumn } from './screener-state.ts';

/** The CSV export's file name. */
export const EXPORT_FILE = 'green-stocks.csv';

export interface ScreenerResultsProps {
  state: ScreenerState;
  page: ODataV2Response | undefined;
  loading: boolean;
  error: boolean;
  /**
   * The API refused the filter expression (a 400): the error is shown where the expression is
   * (advanced-filter.tsx), and the results say so instead of blaming the connection (issue 33).
   */
  expressionFailed?: boolean;
  onRetry: () => void;
  onChange: (change: Partial<ScreenerState>, resetPage?: boolean) => void;
}

/** The newest as-of day among the rows: what the "data as of" line states. */
function newestAsOf(rows: readonly PartialIndicatorRow[]): string | null {
  return rows.reduce<string | null>(
    (newest, row) => (row.asOf && (!newest || row.asOf > newest) ? row.asOf : newest),
    null,
  );
}

/**
 * The sorted column brought into the table's view (issue 33: the "dividend growers" preset sorted by a
 * column scrolled out of sight), clear of the sticky ticker column; the page itself does not move.
 */
function revealSorted(wrapper: HTMLElement | null): void {
  const box = wrapper?.querySelector<HTMLElement>('.data-table__scroll');
  const sorted = box?.querySelector<HTMLElement>('thead th[aria-sort="ascending"], thead th[aria-sort="descending"]');
  const first = box?.querySelector<HTMLElement>('thead th');
  if (!box || !sorted || sorted === first) return;
  const margin = first?.offsetWidth ?? 0;
  const left = scrollLeftToReveal(box, { left: sorted.offsetLeft, width: sorted.offsetWidth }, margin);
  if (left !== box.scrollLeft) box.scrollLeft = left;
}

export function ScreenerResults({
  state,
  page,
  loading,
  error,
  expressionFailed = false,
  onRetry,
  onChange,
}: ScreenerResultsProps) {
  const { t } = useTranslation('screener');
  const units = useUnits();
  const labels = useSectorLabels();
  const language = useLanguage();
  const context: ColumnContext = { units, labels, yes: t('yes') };
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Issue 23: a phone showed three columns and no sign of the others; the table's own scroll box says
  // whether more is out of sight, and the wrapper shows a fade and a line of text then.
  const { ref: wrapper, edges } = useTableScrollEdges();
  const tableBox = useRef<HTMLDivElement | null>(null);
  const [tableElement, setTableElement] = useState<HTMLDivElement | null>(null);
  const setTableBox = useCallback(
    (element: HTMLDivElement | null) => {
      tableBox.current = element;
      setTableElement(element);
      wrapper(element);
    },
    [wrapper],
  );
  // The header stays under the app header as the page scrolls, one scrollbar (issue 46).
  useStickyHead(tableElement);
  const keys: SortKey[] = useMemo(() => ['ticker', ...state.columns], [state.columns]);

  const columns: DataColumn<PartialIndicatorRow>[] = keys.map((key) => {
    const spec = COLUMN_SPECS[key];
    return {
      key,
      header: t(`columns.${key}`),
      align: spec.align,
      firstDirection: spec.firstDirection,
      cell:
        key === 'ticker'
          ? (row) => (
              <Link to={stockPath(language, row.ticker ?? '')} className="screener__ticker" title={row.name}>
                {row.ticker}
              </Link>
            )
          : (row) => spec.cell(row, context),
    };
  });

  // On a change of the sort or the columns (a preset, a header), not on the first rows: a phone's table
  // opening scrolled sideways would hide its first columns.
  const hasPage = page !== undefined;
  const shownSort = useRef<string | null>(null);
  useEffect(() => {
    if (!hasPage) return;
    const key = `${state.sort}|${state.columns.join(',')}`;
    if (shownSort.current !== null && shownSort.current !== key) revealSorted(tableBox.current);
    shownSort.current = key;
  }, [state.sort, state.columns, hasPage]);

  const total = page?.total ?? 0;
  const pages = pageCount(total, state.size);
  const rows = page?.value ?? [];
  const from = total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const to = Math.min(state.page * state.size, total);

  const exportCsv = async () => {
    setExporting('busy');
    try {
      const all = await fetchAllRows(state);
      // The table's own labels and texts, numbers in the unit the header names.
      const header = keys.map((key) =>
        COLUMN_SPECS[key].csvUnit === 'pct'
          ? t('export.percentHeader', { name: t(`columns.${key}`) })
          : t(`columns.${key}`),
      );
      const body = all.map((row) => keys.map((key) => COLUMN_SPECS[key].csv(row, context)));
      downloadText(
        EXPORT_FILE,
        toCsv(
          [...header, t('columns.currency')],
          body.map((r, i) => [...r, all[i]?.currency]),
        ),
      );
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  const panelState =
    expressionFailed && !loading
      ? 'empty'
      : error && !page
        ? 'error'
        : loading && !page
          ? 'loading'
          : rows.length === 0
            ? 'empty'
            : 'ready';
  return (
    <Panel
      title={t('results.title')}
      asOf={newestAsOf(rows)}
      state={panelState}
      onRetry={onRetry}
      errorText={t('results.error')}
      emptyText={expressionFailed && !loading ? t('view.expressionFailed') : t('results.empty')}
      className="screener-results"
      actions={
        <>
          <p className="screener-results__count" aria-live="polite">
            {page ? t('results.count', { count: total }) : null}
          </p>
          <ColumnChooser
            columns={state.columns}
            onToggle={(column) => onChange({ columns: toggleColumn(state.columns, column) }, false)}
          />
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void exportCsv()}
            disabled={exporting === 'busy' || !page || total === 0}
          >
            {exporting === 'busy' ? t('export.busy') : t('export.button')}
          </button>
        </>
      }
    >
      {exporting === 'failed' && (
        <p className="screener-results__error" role="alert">
          {t('export.failed')}
        </p>
      )}
      {edges.end && <p className="screener-results__scroll-hint">{t('results.scrollHint')}</p>}
      <div
        ref={setTableBox}
        className={loading ? 'screener-results__table is-loading' : 'screener-results__table'}
        // The rows shown are the previous answer's while the next loads: dimmed, and said to be (issue 46).
        aria-busy={loading || undefined}
        data-more-end={edges.end || undefined}
      >
        <DataTable
          caption={t('results.caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.ticker ?? ''}
          // The page says it above the table, with its fade.
          scrollHint={false}
          sort={{ key: state.sort, direction: state.direction }}
          onSortChange={(sort: SortState) => onChange({ sort: sort.key as SortKey, direction: sort.direction })}
        />
      </div>
      <nav className="pager" aria-label={t('pager.label')}>
        <button
          type="button"
          className="button button--ghost"
          disabled={state.page <= 1}
          onClick={() => onChange({ page: state.page - 1 }, false)}
        >
          <span aria-hidden="true">←</span> {t('pager.previous')}
        </button>
        <p className="pager__status">
          {t('pager.page', { page: units.number(state.page, 0), pages: units.number(pages, 0) })}
          <span className="pager__range">
            {' · '}
            {t('results.range', {
              from: units.number(from, 0),
              to: units.number(to, 0),
              total: units.number(total, 0),
            })}
          </span>
        </p>
        <label className="pager__size">
          <span>{t('pager.size')}</span>
          <select value={state.size} onChange={(event) => onChange({ size: Number(event.target.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--ghost"
          disabled={state.page >= pages}
          onClick={() => onChange({ page: state.page + 1 }, false)}
        >
          {t('pager.next')} <span aria-hidden="true">→</span>
        </button>
      </nav>
    </Panel>
  );
}
