import { languageOfPath } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { addAnalyticsSink, firstPartySink } from './app/analytics.ts';
import { createRoutes } from './app/router.tsx';
import { createI18n } from './i18n/index.ts';
import { FullPageSpinner } from './ui/spinner.tsx';
import './styles.css';

async function start(): Promise<void> {
  const language = languageOfPath(window.location.pathname);
  document.documentElement.lang = language;
  const i18n = await createI18n(language);
  addAnalyticsSink(firstPartySink);
  const router = createBrowserRouter(createRoutes(i18n));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<FullPageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
