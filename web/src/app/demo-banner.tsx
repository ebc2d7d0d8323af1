import type { DataStatusResponse } from '@app/contract';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { useFormat } from '../i18n/format.ts';
import './demo-banner.css';

type DemoStatus = Pick<DataStatusResponse, 'demo' | 'pricesAsOf' | 'seeding'>;

/** How often the banner asks again while the demo universe is still loading. */
export const SEEDING_POLL_MS = 3000;

/**
 * What the server wrote on #root with the page (server/src/web/page-head.ts): its banner is in the first
 * response, and the app shows the same one from its first render, without asking again (issue 20).
 */
export function bootStatus(root: HTMLElement | null = document.getElementById('root')): DemoStatus | null {
  const demo = root?.dataset.demo;
  if (demo !== 'true' && demo !== 'false') return null;
  const [loaded, total] = (root?.dataset.seeding ?? '').split('/').map(Number);
  const seeding =
    Number.isInteger(loaded) && Number.isInteger(total) ? { loaded: loaded ?? 0, total: total ?? 0 } : null;
  return { demo: demo === 'true', pricesAsOf: root?.dataset.pricesAsOf || null, seeding };
}

/**
 * The demo flag, the prices' day and the loading of the demo universe: as the server gave them with the
 * page, else from /api/data/status once; null until it answers (and when it fails: no banner rather than
 * a wrong one). While a first start is still loading the universe (issue 23), it asks again every few
 * seconds, and as each part of it lands every page's data is fetched again.
 */
export function useDataStatus(): DemoStatus | null {
  const [status, setStatus] = useState<DemoStatus | null>(bootStatus);
  const queryClient = useContext(QueryClientContext);
  const loadedBefore = useRef<number | null>(null);
  const seeding = Boolean(status?.seeding);
  const loaded = status?.seeding?.loaded ?? null;
  // Each part of the universe that lands (and its end) fetches the pages' data again: they fill as it loads.
  useEffect(() => {
    if (loadedBefore.current !== null && loaded !== loadedBefore.current) void queryClient?.invalidateQueries();
    loadedBefore.current = loaded;
  }, [loaded, queryClient]);
  useEffect(() => {
    if (status && !seeding) return;
    const controller = new AbortController();
    const ask = () =>
      apiRequest<DataStatusResponse>('/api/data/status', { signal: controller.signal }).then(
        (body) => body && setStatus({ demo: body.demo, pricesAsOf: body.pricesAsOf, seeding: body.seeding ?? null }),
        () => undefined,
      );
    const timer = status ? setTimeout(ask, SEEDING_POLL_MS) : undefined;
    if (!status) void ask();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [status, seeding]);
  return status;
}

/** Design brief: "demo data" visible on every page while the generated universe is in use; one line on a phone. */
export function DemoBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useDataStatus();
  // A first start loading the demo universe is demo data before its first company is in.
  if (!status?.demo && !status?.seeding) return null;
  return (
    <aside className="demo-banner" aria-label={t('demo.label')}>
      <span className="demo-banner__label">{t('demo.label')}</span>
      {status.seeding ? (
        <span className="demo-banner__seeding" role="status">
          {t('demo.seeding', {
            loaded: format.number(status.seeding.loaded),
            total: format.number(status.seeding.total),
          })}
        </span>
      ) : (
        <>
          <span className="demo-banner__body">{t('demo.body')}</span>
          <span className="demo-banner__short">{t('demo.short')}</span>
        </>
      )}
      {status.pricesAsOf && (
        <span className="demo-banner__as-of">{t('demo.asOf', { date: format.date(status.pricesAsOf) })}</span>
      )}
    </aside>
  );
}
