import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../app/page-meta.ts';
import { AsOfPicker } from '../../features/screener/as-of-picker.tsx';
import { DRAWER_QUERY, FilterDrawer, useMediaQuery } from '../../features/screener/filter-drawer.tsx';
import { PresetBar } from '../../features/screener/preset-bar.tsx';
import { applyPreset } from '../../features/screener/presets.ts';
import { expressionError, useScreenerOptions, useScreenerPage } from '../../features/screener/screener-api.ts';
import { CHOICE_KEYS, type ChoiceKey } from '../../features/screener/screener-fields.ts';
import { type ChoiceOption, ScreenerFilters } from '../../features/screener/screener-filters.tsx';
import { distinctValues, pageCount } from '../../features/screener/screener-query.ts';
import { ScreenerResults } from '../../features/screener/screener-results.tsx';
import {
  activeFilterCount,
  filtersOf,
  NO_FILTERS,
  parseScreenerState,
  type ScreenerState,
  screenerSearchParams,
  withFilters,
} from '../../features/screener/screener-state.ts';
import { useFilterDraft } from '../../features/screener/use-filter-draft.ts';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { useUnits } from '../../ui/units.ts';
import { useSearchParams } from '../index.ts';
import '../../features/screener/screener.css';

/** The stock screener (issues 8, 23): presets, filters left (a drawer on phones), results right, all in the URL. */
export function Component() {
  const { t } = useTranslation(['screener', 'seo']);
  usePageMeta({ title: t('seo:screener.title'), description: t('seo:screener.description') });
  const units = useUnits();
  const labels = useSectorLabels();
  const [params, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseScreenerState(params), [params]);
  // Issue 46: the router draws a new address as a transition, and on a busy phone the old rows stood
  // undimmed for 0.6-2.2 s after a click. The address asked for is noted at once (an urgent render), so
  // the rows dim from the click until the new address is drawn (then until its answer: isFetching).
  const search = params.toString();
  const shownSearch = useRef(search);
  shownSearch.current = search;
  const [requested, setRequested] = useState<{ from: string; to: string } | null>(null);
  const setParams: typeof setSearchParams = useCallback(
    (change, options) =>
      setSearchParams((current) => {
        const next = typeof change === 'function' ? change(current) : change;
        setRequested({ from: shownSearch.current, to: next.toString() });
        return next;
      }, options),
    [setSearchParams],
  );
  // Only while the address shown is still the one the click was made on: any move ends it.
  const switching = requested !== null && requested.from === search && requested.to !== search;
  const page = useScreenerPage(state);
  const options = useScreenerOptions();
  const phone = useMediaQuery(DRAWER_QUERY);

  const update = useCallback(
    (next: ScreenerState, replace = false) => setParams(screenerSearchParams(next), { replace }),
    [setParams],
  );
  const onChange = useCallback(
    (change: Partial<ScreenerState>, resetPage = true) =>
      update(resetPage ? withFilters(state, change) : { ...state, ...change }),
    [state, update],
  );
  // The filters write through the draft (typed values kept while the URL catches up); the state they
  // merge into is read when they write, so a sort or page change made meanwhile is kept.
  const draft = useFilterDraft(filtersOf(state), (filters, view) =>
    setParams((current) =>
      // advanced named even when absent: a spread without the key would keep the URL's old expression.
      screenerSearchParams(
        withFilters(parseScreenerState(current), { ...filters, advanced: filters.advanced, ...view }),
      ),
    ),
  );

  // A link to a page past the end (the result shrank since it was shared): show the last page instead.
  const total = page.data?.total;
  useEffect(() => {
    const last = total === undefined ? 1 : pageCount(total, state.size);
    if (total !== undefined && state.page > last) update({ ...state, page: last }, true);
  }, [total, state, update]);

  const choices = options.data;
  const choiceOptions = useMemo(() => {
    const label: Record<ChoiceKey, (value: string) => string> = {
      sector: labels.sector,
      industry: labels.industry,
      country: units.country,
      exchange: (value) => value,
    };
    const out = {} as Record<ChoiceKey, ChoiceOption[]>;
    for (const key of CHOICE_KEYS) {
      const values = distinctValues(choices?.[key] ?? [], units.locale, label[key]);
      out[key] = values.map((value) => ({ value, label: label[key](value) }));
    }
    return out;
  }, [choices, units, labels]);

  const filters = (
    <ScreenerFilters applied={state} draft={draft} options={choiceOptions} onReset={() => draft.replace(NO_FILTERS)} />
  );
  return (
    <div className="page screener">
      <header className="screener__intro">
        <h1>{t('title')}</h1>
        <p className="screener__lead">{t('lead')}</p>
        <AsOfPicker state={state} onChange={(change) => onChange(change)} />
      </header>
      <PresetBar
        filters={state}
        onPick={(preset) => {
          const next = applyPreset(state, preset);
          draft.replace(filtersOf(next), { sort: next.sort, direction: next.direction, columns: next.columns });
        }}
      />
      <div className="screener__layout">
        {phone ? (
          <FilterDrawer active={activeFilterCount(state)} total={total} onClose={draft.flush}>
            {filters}
          </FilterDrawer>
        ) : (
          <aside className="screener__filters" aria-label={t('filters.title')}>
            <h2 className="screener__filters-title">{t('filters.title')}</h2>
            {filters}
          </aside>
        )}
        <ScreenerResults
          state={state}
          page={page.data}
          loading={page.isFetching || switching}
          error={page.isError}
          expressionFailed={page.isError && expressionError(page.error) !== null}
          onRetry={() => void page.refetch()}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
