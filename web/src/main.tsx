import { languageOfPath } from '@app/contract/locales';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { addAnalyticsSink, firstPartySink } from './app/analytics.ts';
import { formatters } from './i18n/format.ts';
import { createI18n, intlLocale } from './i18n/index.ts';
import { browserHistory, createRouter, RouterProvider } from './router/index.ts';
import { createRoutes } from './router/routes.tsx';
import { PageSkeleton } from './ui/page-skeleton.tsx';
import './styles.css';
import './first-screen.css';

async function start(): Promise<void> {
  const language = languageOfPath(window.location.pathname);
  document.documentElement.lang = language;
  const texts = createI18n(language);
  // Intl's first formatter loads the locale's data (a long task, longer on a phone; docs/performance.md):
  // built while the texts download (i18next sends its request from a timer set above, which runs
  // first), not inside the first render. In three tasks, not one (a phone's blocking time): the locale's
  // subtags (about half of it), the number data, then the formatters themselves.
  const locale = intlLocale(language);
  const warmUp = [
    () => new Intl.Locale(locale).maximize(),
    () => new Intl.NumberFormat(locale).format(1),
    () => formatters(language),
  ];
  const next = () => {
    warmUp.shift()?.();
    if (warmUp.length) setTimeout(next, 0);
  };
  setTimeout(next, 0);
  const i18n = await texts;
  addAnalyticsSink(firstPartySink);
  const router = createRouter(createRoutes(i18n), browserHistory());
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // Until the page can render itself, the server's shell and page skeleton stay on screen (issue 20:
  // the first response shows the page's layout, never a blank page or a full-page spinner).
  await router.ready;
  const root = createRoot(container);
  // A transition: React renders the whole first page in slices, yielding to the browser between them,
  // instead of one long task (the server's skeleton stays until it commits). Total blocking time.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={<PageSkeleton />}>
              <RouterProvider router={router} />
            </Suspense>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void start();
