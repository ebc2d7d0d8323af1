import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language.ts';
import { Panel } from '../../ui/panel.tsx';
import { useCompanyNews } from './news-api.ts';
import { NewsList } from './news-list.tsx';

/** The stock page's News tab: the company's own feeds (from its links), merged. */
export function CompanyNews({
  name,
  feedUrls,
  loading,
}: {
  name: string;
  feedUrls: readonly string[];
  loading: boolean;
}) {
  const { t } = useTranslation('news');
  // Demo news comes in the page's language; a company's real feeds in the language they are written in.
  const language = useLanguage();
  const news = useCompanyNews(feedUrls, language);
  const state = loading || news.pending ? 'loading' : news.failed ? 'error' : news.items.length ? 'ready' : 'empty';
  return (
    <Panel
      title={t('company.title', { name })}
      state={state}
      onRetry={news.refetch}
      emptyText={feedUrls.length ? t('company.empty') : t('company.noFeeds')}
    >
      <NewsList items={news.items} />
    </Panel>
  );
}
