import { pageNamespaces, SHELL_NAMESPACES } from '@app/contract/locales';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, memoryHistory, type RouteObject, RouterProvider } from '../router/index.ts';
import { createRoutes, pageRoutes } from '../router/routes.tsx';
import { testI18n } from '../test/i18n.ts';
import * as analytics from './analytics.ts';
import { RouteError } from './route-error.tsx';

afterEach(cleanup);

function BrokenPage(): never {
  throw new Error('this page failed');
}

function SlowPage() {
  return <p>slow page</p>;
}

/** A route whose module arrives only when the test says so. */
function deferredPage() {
  const gates: Array<() => void> = [];
  const route: RouteObject = {
    path: 'slow',
    lazy: () =>
      new Promise((resolve) => {
        gates.push(() => resolve({ Component: SlowPage }));
      }),
  };
  const releaseAll = () => {
    for (const open of gates.splice(0)) open();
  };
  return { route, releaseAll };
}

async function renderApp(initialPath: string, pages: RouteObject[]) {
  const i18n = await testI18n(['en', 'de']);
  const router = createRouter(createRoutes(i18n, pages), memoryHistory([initialPath]));
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, i18n };
}

const home: RouteObject = { index: true, Component: () => <p>home page</p> };
const other: RouteObject = { path: 'other', Component: () => <p>other page</p> };

describe('the app shell', () => {
  it('shows the overlay while a route change loads and clears it when done', async () => {
    const slow = deferredPage();
    const { router } = await renderApp('/', [home, slow.route]);
    await screen.findByText('home page');
    expect(screen.queryByTestId('route-overlay')).toBeNull();

    act(() => void router.navigate('/slow'));
    expect(await screen.findByTestId('route-overlay')).toBeTruthy();

    await act(async () => slow.releaseAll());
    await screen.findByText('slow page');
    expect(screen.queryByTestId('route-overlay')).toBeNull();
  });

  it('does not show the overlay when only a language prefix is added', async () => {
    const slow = deferredPage();
    const { router, i18n } = await renderApp('/other', [home, other, slow.route]);
    await screen.findByText('other page');
    act(() => void router.navigate('/slow'));
    await act(async () => slow.releaseAll());
    await screen.findByText('slow page');

    act(() => void router.navigate('/de/slow'));
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.queryByTestId('route-overlay')).toBeNull();
    await act(async () => slow.releaseAll());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/de/slow'));
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('clears the overlay when the route fails to load', async () => {
    const failing: RouteObject = { path: 'broken', lazy: () => Promise.reject(new Error('chunk failed')) };
    const { router } = await renderApp('/', [home, failing]);
    await screen.findByText('home page');
    await act(async () => {
      await router.navigate('/broken');
    });
    expect(screen.queryByTestId('route-overlay')).toBeNull();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('gives every page its own error boundary, so a failing page keeps the header', async () => {
    expect(pageRoutes.every((route) => route.ErrorBoundary === RouteError)).toBe(true);
    const failing: RouteObject = { path: 'broken', ErrorBoundary: RouteError, Component: BrokenPage };
    await renderApp('/broken', [home, failing]);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends page_view with the path on each page view', async () => {
    const track = vi.spyOn(analytics, 'trackPageView');
    const { router } = await renderApp('/', [home, other]);
    await screen.findByText('home page');
    await act(async () => {
      await router.navigate('/de/other');
    });
    await screen.findByText('other page');
    expect(track.mock.calls.map(([path]) => path)).toEqual(['/', '/de/other']);
    track.mockRestore();
  });

  it('shows the page under every language prefix and the language switcher keeps the page', async () => {
    const { router } = await renderApp('/de/other', [home, other]);
    await screen.findByText('other page');
    act(() => screen.getByRole('button', { name: /(Sprache|Language): / }).click());
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('hreflang'));
    expect(links.map((a) => a.textContent?.slice(0, 2)).join(',')).toBe(
      'EN,HU,NO,SV,DA,FI,ES,DE,NL,FR,IT,PT,PL,CS,SK,RO,EL,TR,RU,AF',
    );
    expect(links.find((a) => a.getAttribute('hreflang') === 'el')?.getAttribute('href')).toBe('/el/other');
    expect(links.find((a) => a.getAttribute('hreflang') === 'en')?.getAttribute('href')).toBe('/other');
    expect(router.state.matches[0]?.route.id).toBe('root-de');
  });

  it('keeps the header on screen, with what is typed into the search box, while a page part waits for its texts', async () => {
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    let ready = false;
    void waiting.then(() => {
      ready = true;
    });
    // A part of the page that needs texts not loaded yet (a namespace first used after the page showed).
    function LateTexts() {
      if (!ready) throw waiting;
      return <p>late texts</p>;
    }
    function PageWithLatePart() {
      const [more, setMore] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setMore(true)}>
            more
          </button>
          {more && <LateTexts />}
        </>
      );
    }
    const i18n = await testI18n(['en']);
    const router = createRouter(createRoutes(i18n, [{ index: true, Component: PageWithLatePart }]), memoryHistory());
    // As main.tsx renders the app: one boundary around everything.
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>app loading</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>,
    );
    const box = (await screen.findByRole('combobox', { name: /search/i })) as HTMLInputElement;
    act(() => {
      box.focus();
      fireEvent.change(box, { target: { value: 'qqq' } });
    });
    act(() => screen.getByRole('button', { name: 'more' }).click());
    // The page's part waits in the page: the header is neither hidden nor replaced.
    expect(screen.queryByText('app loading')).toBeNull();
    expect((document.querySelector('.app') as HTMLElement).style.display).not.toBe('none');
    expect(screen.getByRole('combobox', { name: /search/i })).toBe(box);
    expect(box.value).toBe('qqq');
    await act(async () => release());
    await screen.findByText('late texts');
    expect(box.value).toBe('qqq');
  });

  it('loads the texts of the header with the language, before the shell shows', async () => {
    const i18n = await testI18n(['en', 'de']);
    const loads = vi.spyOn(i18n, 'loadNamespaces');
    const router = createRouter(createRoutes(i18n, [home]), memoryHistory(['/de/']));
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await screen.findByText('home page');
    // With the page's own first-screen texts (issue 20: the first render is the page, not a placeholder).
    expect(loads).toHaveBeenCalledWith([...SHELL_NAMESPACES, ...pageNamespaces('/de/')]);
    expect(SHELL_NAMESPACES).toEqual(expect.arrayContaining(['search', 'auth', 'wallet']));
    // Every namespace the first screen asks for: one asked later suspends the drawn page (it collapses to
    // the fallback and the footer jumps): the sector panel's and the security header's sector names, the
    // overview's dividend yield panel.
    expect(pageNamespaces('/de/')).toEqual(expect.arrayContaining(['home', 'news', 'sectors']));
    expect(pageNamespaces('/stocks/ACME')).toEqual(expect.arrayContaining(['stock', 'sectors', 'dividends']));
    expect(pageNamespaces('/crypto/ZETQ')).toEqual(expect.arrayContaining(['stock', 'sectors']));
    expect(pageNamespaces('/stocks/ACME/dividends')).toEqual(expect.arrayContaining(['stock', 'dividends']));
    expect(pageNamespaces('/fr/green-stocks')).toEqual(expect.arrayContaining(['screener']));
  });
});
