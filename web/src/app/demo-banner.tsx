import type { DataStatusResponse } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { useFormat } from '../i18n/format.ts';
import './demo-banner.css';

/** Reads /api/data/status once; null until it answers (and when it fails: no banner rather than a wrong one). */
export function useDataStatus(): DataStatusResponse | null {
  const [status, setStatus] = useState<DataStatusResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<DataStatusResponse>('/api/data/status', { signal: controller.signal }).then(
      (body) => setStatus(body),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
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
