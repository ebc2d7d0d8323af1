import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/client.ts';
import { usePageMeta } from '../../app/page-meta.ts';
import { useBacktest } from '../../features/backtest/backtest-api.ts';
import { BacktestPage } from '../../features/backtest/backtest-page.tsx';
import {
  type BacktestState,
  backtestSearchParams,
  parseBacktestState,
} from '../../features/backtest/backtest-state.ts';
import { useSearchParams } from '../index.ts';

/** The API's own message of a refused test (a 400 names the field: a day before the data, a bad screen). */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const message = (error.body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : error.message;
}

/** A backtest of a screen (issue 43), all of it in the URL: the screener's link carries the screen. */
export function Component() {
  const { t } = useTranslation('backtest');
  usePageMeta({ title: t('title'), description: t('lead') });
  const [params, setParams] = useSearchParams();
  const today = new Date().toISOString().slice(0, 10);
  const state = useMemo(() => parseBacktestState(params, today), [params, today]);
  const answer = useBacktest(state);
  const onChange = useCallback(
    (change: Partial<BacktestState>) => setParams(backtestSearchParams({ ...state, ...change })),
    [state, setParams],
  );
  return (
    <BacktestPage
      state={state}
      answer={answer.data}
      loading={answer.isFetching}
      refused={answer.isError ? refusal(answer.error) : null}
      failed={answer.isError && refusal(answer.error) === null}
      onRetry={() => void answer.refetch()}
      onChange={onChange}
    />
  );
}
