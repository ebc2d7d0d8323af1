import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { usePageMeta } from '../app/page-meta.ts';
import { stockPath } from '../app/paths.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { SecurityFallback, SecurityHead, SecurityOverview, useSecurity } from './security-page.tsx';

/** /crypto/{ticker} (design.md): the overview and drawdown blocks, compare with other coins. */
export function Component() {
  const { t } = useTranslation('seo');
  const language = useLanguage();
  const { search } = useLocation();
  const ticker = (useParams().ticker ?? '').toUpperCase();
  const load = useSecurity(ticker);
  const profile = load.status === 'ready' ? load.profile : null;
  usePageMeta(
    profile
      ? {
          title: t('crypto.title', { name: profile.name, ticker: profile.ticker }),
          description: t('crypto.description', { name: profile.name, ticker: profile.ticker }),
        }
      : null,
  );
  if (load.status !== 'ready') return <SecurityFallback load={load} ticker={ticker} />;
  // A stock opened under /crypto: show it where it belongs.
  if (load.profile.kind === 'stock') return <Navigate to={`${stockPath(language, ticker)}${search}`} replace />;
  return (
    <div className="page security">
      <SecurityHead profile={load.profile} />
      <SecurityOverview profile={load.profile} />
    </div>
  );
}
