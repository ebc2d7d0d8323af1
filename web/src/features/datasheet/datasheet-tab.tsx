import type { PeriodParam, SheetData, SheetId } from '@app/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { MISSING, useUnits } from '../../ui/units.ts';
import { sheetCsvUrl, useSheetData, useSheetList } from './datasheet-api.ts';
import './datasheet.css';

/** The preview shows the newest periods; the CSV has them all. */
const PREVIEW_COLUMNS = 8;
type Row = SheetData['rows'][number];

/** The Data tab (design.md): pick a sheet and a period, preview it, download it as CSV. */
export function DatasheetTab({ ticker }: { ticker: string }) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const selectId = useId();
  const list = useSheetList(ticker);
  const sheets = list.data?.sheets ?? [];
  const [chosen, setChosen] = useState<SheetId | null>(null);
  const [period, setPeriod] = useState<PeriodParam>('annual');
  const sheet = chosen ?? sheets[0]?.id ?? null;
  const data = useSheetData(ticker, sheet, period);
  const info = sheets.find((s) => s.id === sheet);
  const periods = period === 'annual' ? info?.annualPeriods : info?.quarterlyPeriods;

  const columns = data.data ? [...data.data.columns.keys()].reverse().slice(0, PREVIEW_COLUMNS) : [];
  // The sheet lists every line of the vocabulary; the preview leaves out those not filed in any period
  // (most companies file 60-80 % of them). The CSV keeps them all.
  const filedRows = (data.data?.rows ?? []).filter((row) => row.values.some((value) => value !== null));
  // The sheet's own currency (an IFRS filer's EUR or BRL), never an assumed USD; a zero reads "—" as on
  // the Financials tab (no buybacks is none, not "$0.00").
  const currency = data.data?.currency ?? '';
  const format = (row: Row, value: number | null) => {
    if (value === null || value === 0) return MISSING;
    if (row.unit === 'ratio') return units.fraction(value);
    if (row.unit === 'currency/share') return units.money(value, currency);
    if (row.unit === 'shares') return units.number(value, 0);
    return units.moneyCompact(value, currency);
  };
  const tableColumns: DataColumn<Row>[] = [
    { key: 'item', header: t('table.item'), cell: (row) => t(`metrics.${row.lineItem}`) },
    ...columns.map((index) => {
      const column = data.data?.columns[index];
      return {
        key: String(index),
        header: column
          ? column.fiscalPeriod === 'FY'
            ? t('period.fy', { year: column.fiscalYear })
            : column.fiscalPeriod === 'TP'
              ? t('transitionPeriod.until', { end: units.date(column.periodEnd) })
              : t('period.quarter', { quarter: column.fiscalPeriod.slice(1), year: column.fiscalYear })
          : '',
        align: 'end' as const,
        cell: (row: Row) => format(row, row.values[index] ?? null),
      };
    }),
  ];

  const listState = queryPanelState(list, sheets.length > 0);
  const dataState = queryPanelState(data, columns.length > 0);
  return (
    <Panel
      title={t('sheets.title')}
      state={listState}
      onRetry={() => void list.refetch()}
      emptyText={t('sheets.none')}
      skeleton={<Skeleton lines={8} />}
      actions={
        sheet && (
          <a className="button" href={sheetCsvUrl(ticker, sheet, period)} download>
            {t('sheets.download')}
          </a>
        )
      }
    >
      <div className="datasheet__controls">
        <label htmlFor={selectId}>{t('sheets.sheet')}</label>
        <select
          id={selectId}
          className="datasheet__select"
          value={sheet ?? ''}
          onChange={(event) => setChosen(event.target.value as SheetId)}
        >
          {sheets.map((s) => (
            <option key={s.id} value={s.id}>
              {t(`statements.${s.id}`)}
            </option>
          ))}
        </select>
        <SegmentedControl
          label={t('period.label')}
          options={(['annual', 'quarterly'] as const).map((value) => ({ value, label: t(`period.${value}`) }))}
          value={period}
          onChange={setPeriod}
        />
      </div>
      <p className="panel-note">
        {t('sheets.summary', { count: periods ?? 0 })} {t('sheets.previewNote', { count: PREVIEW_COLUMNS })}
      </p>
      {dataState === 'loading' ? (
        <Skeleton lines={8} />
      ) : dataState === 'error' ? (
        <p role="alert">{t('sheets.failed')}</p>
      ) : dataState === 'empty' ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <DataTable
          caption={t('sheets.caption', { sheet: sheet ? t(`statements.${sheet}`) : '', ticker })}
          columns={tableColumns}
          rows={filedRows}
          rowKey={(row) => row.lineItem}
        />
      )}
    </Panel>
  );
}
