import type { DataStatusResponse } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { useFormat } from '../i18n/format.ts';
import './demo-banner.css';

type DemoStatus = Pick<DataStatusResponse, 'demo' | 'pricesAsOf'>;

/**
 * What the server wrote on #root with the page (server/src/web/page-head.ts): its banner is in the first
 * response, and the app shows the same one from its first render, without asking again (issue 20).
 */
export function bootStatus(root: HTMLElement | null = document.getElementById('root')): DemoStatus | null {
  const demo = root?.dataset.demo;
  if (demo !== 'true' && demo !== 'false') return null;
  return { demo: demo === 'true', pricesAsOf: root?.dataset.pricesAsOf || null };
}

/**
 * The demo flag and prices' day: as the server gave them with the page, else from /api/data/status once;
 * null until it answers (and when it fails: no banner rather than a wrong one).
 */
export function useDataStatus(): DemoStatus | null {
  const [status, setStatus] = useState<DemoStatus | null>(bootStatus);
  useEffect(() => {
    if (status) return;
    const controller = new AbortController();
    apiRequest<DataStatusResponse>('/api/data/status', { signal: controller.signal }).then(
      (body) => setStatus(body),
      () => undefined,
    );
    return () => controller.abort();
  }, [status]);
  return status;
}

/** Design brief: "demo data" visible on every page while the generated universe is in use. */
export function DemoBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useDataStatus();
  if (!status?.demo) return null;
  return (
    <aside className="demo-banner" aria-label={t('demo.label')}>
      <span className="demo-banner__label">{t('demo.label')}</span>
      <span>{t('demo.body')}</span>
      {status.pricesAsOf && (
        <span className="demo-banner__as-of">{t('demo.asOf', { date: format.date(status.pricesAsOf) })}</span>
      )}
    </aside>
  );
}
