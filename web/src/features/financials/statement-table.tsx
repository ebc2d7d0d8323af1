import type { FinancialMetric, FinancialValues } from '@app/contract';
import { type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from '../../router/index.ts';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { useTableScrollEdges } from '../../ui/scroll-edges.ts';
import { MISSING, useUnits } from '../../ui/units.ts';
import { financialsSearch, OPENED_HERE } from './financials-view.ts';
import { growthTone, isFlow, trendTone, yearOverYear } from './line-meaning.ts';
import { filingUrl, formatMetric, isNone } from './metric-format.ts';
import { RestatementMarker } from './restatement-marker.tsx';
import { TrendBars } from './trend-bars.tsx';

/** A period's values and their sources (a fiscal period of the financials, or the TTM). */
export interface StatementColumn extends FinancialValues {
  /** "2024-FY", "2025-Q2", or "ttm": also the demo filing view's address. */
  key: string;
  /** The column head ("FY 2024", "Q3 2025", "TTM"). */
  label: string;
  /** The period end, said in the header's tooltip. */
  periodEnd: string | null;
  /** The key of the same period a year before ("2023-FY" for "2024-FY"); null for the TTM. */
  yearBefore: string | null;
}

/** Where a value's link goes: its SEC filing (a CIK), the demo filing view (a demo company), or nowhere. */
export type FilingSource = { kind: 'sec'; cik: string } | { kind: 'demo' } | { kind: 'none' };

export interface StatementTableProps {
  caption: string;
  metrics: readonly FinancialMetric[];
  /** Newest first (design.md). */
  columns: readonly StatementColumn[];
  /**
   * Every period the answer has, when `columns` shows only the latest (the quarterly table's last five
   * years): the growth of the oldest column shown is still on its year before.
   */
  history?: readonly StatementColumn[];
  currency: string;
  filings: FilingSource;
  /** Year-over-year growth rows under the flow lines. */
  growth: boolean;
}

type Row = { kind: 'line'; metric: FinancialMetric } | { kind: 'growth'; metric: FinancialMetric };

const ARROW = { up: '▲', down: '▼' } as const;

/**
 * Over this many periods only the periods in view are drawn (ui/column-window.ts): a phone shows three
 * beside the line names, and five years of quarters drawn whole missed the 300 ms a table has after its
 * data there (issue 33; docs/performance.md); every quarter is 85 columns.
 */
export const WINDOWED_OVER = 8;

/**
 * A statement: line items down, periods across (newest first; the box scrolls sideways with the line
 * names fixed), a bar trend per line (oldest to newest, left to right), year-over-year growth under each
 * flow, every value linked to its filing. Colours mark changes beyond TONE_THRESHOLD only, as the legend
 * under the table says.
 */
export function StatementTable({
  caption,
  metrics,
  columns,
  history = columns,
  currency,
  filings,
  growth,
}: StatementTableProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A demo company's values link to its demo filing view. Plain links and one click handler for the
  // table, not a router Link per value: every quarter's table has thousands of values, and a Link each
  // (two hooks, an address parsed, the view's parameters written again) was most of its drawing time
  // on a phone (issue 33: a table draws within 300 ms of its data).
  const filingSearch = useMemo(() => {
    if (params.has('filing') || params.has('line'))
      return (column: string, metric: FinancialMetric) => financialsSearch(params, { filing: { column, metric } });
    // The same string financialsSearch writes: the view's parameters, then filing and line appended.
    const base = financialsSearch(params, { filing: null });
    const prefix = base === '?' ? '?' : `${base}&`;
    return (column: string, metric: FinancialMetric) =>
      `${prefix}${new URLSearchParams({ filing: column, line: metric }).toString()}`;
  }, [params]);
  // The links' tooltips: translated once with markers, then filled in per value (t per value was a
  // good part of a big table's drawing). A function replacer: a name with "$" stays as it is.
  const linkTitles = useMemo(() => {
    const fill =
      (text: string) =>
      (first: string, second = '') =>
        text.replace('\u0001', () => first).replace('\u0002', () => second);
    return {
      demo: fill(t('demo.link', { item: '\u0001', period: '\u0002' })),
      filing: fill(t('table.filing', { accession: '\u0001' })),
    };
  }, [t]);
  const openFiling = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a[data-filing]');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    // Another button or a modifier key (a new tab or window): the browser follows the address itself.
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate({ search: link.getAttribute('data-filing') ?? '' }, { state: OPENED_HERE });
  };
  // Issue 22: at 1440 px twenty years do not fit, and the table ended in a column cut in half with no
  // sign of more; the table's scroll box says whether more periods are out of sight, and a fade at the
  // right edge says so.
  const { ref: wrapper, edges } = useTableScrollEdges();
  const byKey = new Map(history.map((column) => [column.key, column]));
  // A line filed as zero everywhere (no buybacks) stays, reading "—"; a line never filed is left out.
  const lines = metrics.filter((metric) => columns.some((column) => column.values[metric] != null));
  /** Growth on the same period a year before; none for a period reading "—" (not a drop of -100 %). */
  const growthOf = (column: StatementColumn, metric: FinancialMetric) => {
    const value = column.values[metric];
    const before = column.yearBefore ? byKey.get(column.yearBefore) : undefined;
    return isNone(value) ? null : yearOverYear(value, before?.values[metric]);
  };
  // A growth row with no figure in any period (an occasional acquisition) is left out.
  const rows: Row[] = lines.flatMap((metric): Row[] =>
    growth && isFlow(metric) && columns.some((column) => growthOf(column, metric) !== null)
      ? [
          { kind: 'line', metric },
          { kind: 'growth', metric },
        ]
      : [{ kind: 'line', metric }],
  );
  // Each line's name once, not once per value (the demo links' tooltips name it in every cell).
  const names = useMemo(() => new Map(metrics.map((metric) => [metric, t(`metrics.${metric}`)])), [metrics, t]);
  const itemName = (metric: FinancialMetric) => names.get(metric) ?? t(`metrics.${metric}`);

  /** A value, and beside it the restatement marker when a later filing changed it (issue 32). */
  const valueCell = (column: StatementColumn, metric: FinancialMetric) => {
    const content = valueContent(column, metric);
    const first = column.firstFiled?.[metric];
    const latest = column.values[metric];
    if (!first || latest == null) return content;
    return (
      <>
        {content}
        <RestatementMarker
          metric={metric}
          period={column.label}
          first={first}
          latest={latest}
          latestAccession={column.accessions[metric]?.[0] ?? null}
          currency={currency}
          cik={filings.kind === 'sec' ? filings.cik : null}
        />
      </>
    );
  };

  const valueContent = (column: StatementColumn, metric: FinancialMetric) => {
    const value = column.values[metric];
    const text = formatMetric(units, metric, value, currency);
    if (isNone(value)) return text;
    if (filings.kind === 'demo') {
      const search = filingSearch(column.key, metric);
      return (
        <a href={`${pathname}${search}`} data-filing={search} title={linkTitles.demo(itemName(metric), column.label)}>
          {text}
        </a>
      );
    }
    const accessions = column.accessions[metric];
    const accession = accessions?.[0];
    if (filings.kind === 'none' || !accessions || !accession) {
      return column.derived.includes(metric) ? <span title={t('table.derived')}>{text}</span> : text;
    }
    return (
      <a
        href={filingUrl(filings.cik, accession)}
        target="_blank"
        rel="noopener noreferrer"
        title={linkTitles.filing(accessions.join(', '))}
      >
        {text}
      </a>
    );
  };

  const growthCell = (column: StatementColumn, metric: FinancialMetric) => {
    const change = growthOf(column, metric);
    if (change === null) return MISSING;
    // What rounds to 0.0 % is no change: no arrow, no colour.
    if (Math.abs(change) < 0.0005)
      return <span className="financials__growth">{units.fraction(0, { digits: 1 })}</span>;
    // Colour only beyond the threshold the legend states (TONE_THRESHOLD); the arrow still says which way.
    const tone = growthTone(metric, change);
    return (
      <span className={`financials__growth financials__growth--${tone}`}>
        <span aria-hidden="true">{change > 0 ? ARROW.up : ARROW.down} </span>
        {units.fraction(change, { signed: true, digits: 1 })}
        {tone !== 'neutral' && <span className="visually-hidden"> ({t(`growth.${tone}`)})</span>}
      </span>
    );
  };

  const tableColumns: DataColumn<Row>[] = [
    {
      key: 'item',
      header: t('table.item'),
      cell: (row) =>
        row.kind === 'line' ? (
          itemName(row.metric)
        ) : (
          <span className="financials__growth-label">
            <span aria-hidden="true">{t('growth.row')}</span>
            <span className="visually-hidden">{t('growth.rowLabel', { item: itemName(row.metric) })}</span>
          </span>
        ),
    },
    ...(columns.length > 1
      ? [
          {
            key: 'trend',
            header: t('table.trend'),
            description: t('reading.trend'),
            hideOnPhone: true,
            cell: (row: Row) => {
              if (row.kind === 'growth') return null;
              // Oldest to newest, left to right (the columns are newest first).
              const values = columns
                .map((column) => {
                  const value = column.values[row.metric];
                  return isNone(value) ? null : value;
                })
                .reverse();
              return (
                <TrendBars
                  values={values}
                  tone={trendTone(row.metric, values)}
                  label={t('table.trendLabel', { item: itemName(row.metric) })}
                />
              );
            },
          },
        ]
      : []),
    ...columns.map((column) => ({
      key: column.key,
      header: column.label,
      align: 'end' as const,
      ...(column.periodEnd ? { description: t('table.periodEnd', { date: units.date(column.periodEnd) }) } : {}),
      cell: (row: Row) => (row.kind === 'line' ? valueCell(column, row.metric) : growthCell(column, row.metric)),
    })),
  ];

  if (rows.length === 0) return <p className="muted">{t('empty')}</p>;
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks of the links inside (Enter on a link is a click too) */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the same: it only follows the links inside */}
      <div ref={wrapper} className="financials__scroll" data-more-end={edges.end || undefined} onClick={openFiling}>
        <DataTable
          caption={caption}
          columns={tableColumns}
          rows={rows}
          rowKey={(row) => `${row.kind}-${row.metric}`}
          windowFrom={columns.length > WINDOWED_OVER ? tableColumns.length - columns.length : undefined}
        />
      </div>
      <p className="financials__legend">{t('reading.threshold')}</p>
    </>
  );
}
