import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../app/page-meta.ts';
import { useScreenerOptions, useScreenerPage } from '../features/screener/screener-api.ts';
import { ScreenerFilters } from '../features/screener/screener-filters.tsx';
import { distinctValues, pageCount } from '../features/screener/screener-query.ts';
import { ScreenerResults } from '../features/screener/screener-results.tsx';
import {
  DEFAULT_STATE,
  parseScreenerState,
  type ScreenerState,
  screenerSearchParams,
  withFilters,
} from '../features/screener/screener-state.ts';
import { useUnits } from '../ui/units.ts';
import '../features/screener/screener.css';

/** The green-stocks screener (issue 8): filters left, results right, the whole state in the URL. */
export function Component() {
  const { t } = useTranslation(['screener', 'seo']);
  usePageMeta({ title: t('seo:screener.title'), description: t('seo:screener.description') });
  const units = useUnits();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseScreenerState(params), [params]);
  const page = useScreenerPage(state);
  const options = useScreenerOptions();

  const update = useCallback(
    (next: ScreenerState, replace = false) =>
      setParams(screenerSearchParams(next), { replace, preventScrollReset: true }),
    [setParams],
  );
  const onChange = useCallback(
    (change: Partial<ScreenerState>, resetPage = true) =>
      update(resetPage ? withFilters(state, change) : { ...state, ...change }),
    [state, update],
  );

  // A link to a page past the end (the result shrank since it was shared): show the last page instead.
  const total = page.data?.total;
  useEffect(() => {
    const last = total === undefined ? 1 : pageCount(total, state.size);
    if (total !== undefined && state.page > last) update({ ...state, page: last }, true);
  }, [total, state, update]);

  const rows = options.data?.value ?? [];
  const sectors = useMemo(
    () =>
      distinctValues(
        rows.map((row) => row.sector),
        units.locale,
      ),
    [rows, units.locale],
  );
  const countries = useMemo(
    () =>
      distinctValues(
        rows.map((row) => row.country),
        units.locale,
      ),
    [rows, units.locale],
  );

  return (
    <div className="page screener">
      <header className="screener__intro">
        <h1>{t('title')}</h1>
        <p className="screener__lead">{t('lead')}</p>
      </header>
      <div className="screener__layout">
        <aside className="screener__filters" aria-label={t('filters.title')}>
          <h2 className="screener__filters-title">{t('filters.title')}</h2>
          <ScreenerFilters
            state={state}
            sectors={sectors}
            countries={countries}
            onChange={(change) => onChange(change)}
            onReset={() => update({ ...DEFAULT_STATE, columns: state.columns })}
          />
        </aside>
        <ScreenerResults
          state={state}
          page={page.data}
          loading={page.isFetching}
          error={page.isError}
          onRetry={() => void page.refetch()}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
