import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { readRememberedLanguage } from '../i18n/language-choice.ts';
import { createRouter, memoryHistory, type RouteObject, RouterProvider } from '../router/index.ts';
import { createRoutes } from '../router/routes.tsx';
import { testI18n } from '../test/i18n.ts';

afterEach(() => {
  cleanup();
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the language menu sets
  document.cookie = 'll_lang=; Path=/; Max-Age=0';
});

const pages: RouteObject[] = [
  { index: true, Component: () => <p>home page</p> },
  { path: 'green-stocks', Component: () => <p>screener page</p> },
  { path: 'stocks/:ticker', Component: () => <p>stock page</p> },
];

async function renderApp(path: string) {
  const i18n = await testI18n(['en', 'de']);
  const router = createRouter(createRoutes(i18n, pages), memoryHistory([path]));
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('the main navigation (issue 33)', () => {
  it('is a labelled landmark linking the five places in the page’s language, the current one marked', async () => {
    const router = await renderApp('/de/green-stocks');
    await screen.findByText('screener page');
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Start', '/de'],
      ['Aktienfilter', '/de/green-stocks'],
      ['Beobachtungsliste', '/de/watchlist'],
      ['Krypto', '/de/crypto'],
      ['Märkte', '/de/markets'],
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual([
      'Aktienfilter',
    ]);
    await act(async () => {
      await router.navigate('/de/stocks/ACME');
    });
    await screen.findByText('stock page');
    expect(nav.querySelector('[aria-current]')).toBeNull();
  });

  it('opens the phone menu on the focus of its first link; Escape closes it and returns to the button', async () => {
    await renderApp('/');
    await screen.findByText('home page');
    const button = screen.getByRole('button', { name: 'Menu' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list?.dataset.open).toBe('false');
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list?.dataset.open).toBe('true');
    expect(document.activeElement?.textContent).toBe('Home');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('follows a link and closes the menu', async () => {
    const router = await renderApp('/');
    await screen.findByText('home page');
    act(() => screen.getByRole('button', { name: 'Menu' }).click());
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Screener' }));
    });
    await screen.findByText('screener page');
    expect(router.state.location.pathname).toBe('/green-stocks');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('remembers a language picked in the language menu', async () => {
    await renderApp('/green-stocks');
    await screen.findByText('screener page');
    act(() => screen.getByRole('button', { name: /Language: / }).click());
    await act(async () => {
      fireEvent.click(screen.getAllByRole('link').find((a) => a.getAttribute('hreflang') === 'de') as HTMLElement);
    });
    expect(readRememberedLanguage()).toBe('de');
  });
});
