import type { PeriodParam, SheetData, SheetId, SheetList } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { buildUrl, getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

const STALE = 5 * 60_000;

export const sheetListQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['sheets', ticker],
    queryFn: ({ signal }) => getJson<SheetList>('/api/data/sheet', { ticker }, signal),
    staleTime: STALE,
  });

const sheetPath = (ticker: string, sheet: SheetId) =>
  `/api/data/sheet/data/${encodeURIComponent(ticker)}/${encodeURIComponent(sheet)}`;

export const sheetDataQuery = (ticker: string, sheet: SheetId, period: PeriodParam) =>
  queryOptions({
    queryKey: ['sheets', ticker, sheet, period],
    queryFn: ({ signal }) => getJson<SheetData>(sheetPath(ticker, sheet), { period }, signal),
    staleTime: STALE,
  });

/** The CSV of a sheet: a plain link (the API serves format=csv as a download), so no script is needed. */
export const sheetCsvUrl = (ticker: string, sheet: SheetId, period: PeriodParam) =>
  buildUrl(sheetPath(ticker, sheet), { period, format: 'csv' });

export const useSheetList = (ticker: string) => useAnswer(sheetListQuery(ticker));
export const useSheetData = (ticker: string, sheet: SheetId | null, period: PeriodParam) =>
  useAnswer({ ...sheetDataQuery(ticker, sheet ?? 'income-statement', period), enabled: sheet !== null });
