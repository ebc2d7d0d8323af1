import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRememberedLanguage } from '../i18n/language-choice.ts';
import { createRouter, memoryHistory, type RouteObject, RouterProvider } from '../router/index.ts';
import { createRoutes } from '../router/routes.tsx';
import { testI18n } from '../test/i18n.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the offer sets
  document.cookie = 'll_lang=; Path=/; Max-Age=0';
});

const pages: RouteObject[] = [{ index: true, Component: () => <p>home page</p> }];

async function renderHome(browserLanguages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages: browserLanguages, language: browserLanguages[0] });
  const i18n = await testI18n(['en', 'de']);
  const router = createRouter(createRoutes(i18n, pages), memoryHistory(['/']));
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await screen.findByText('home page');
  return router;
}

describe('the language offer (issue 33)', () => {
  it('offers a German browser German in German, English one click away; the choice is remembered', async () => {
    await renderHome(['de-DE', 'en']);
    const offer = await screen.findByRole('complementary', { name: 'Sprache' });
    expect(offer.textContent).toContain('Diese Seite gibt es auch auf Deutsch.');
    act(() => screen.getByRole('button', { name: 'Stay in English' }).click());
    expect(screen.queryByRole('complementary', { name: 'Sprache' })).toBeNull();
    expect(readRememberedLanguage()).toBe('en');
  });

  it('takes the reader to the page in the offered language', async () => {
    const router = await renderHome(['de']);
    await screen.findByRole('complementary', { name: 'Sprache' });
    await act(async () => {
      screen.getByRole('button', { name: 'Auf Deutsch lesen' }).click();
    });
    expect(router.state.location.pathname).toBe('/de');
    expect(readRememberedLanguage()).toBe('de');
  });

  it('offers the language the server read from Accept-Language when navigator.languages says English (issue 46)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'll-language-offer';
    meta.content = 'de';
    document.head.append(meta);
    try {
      await renderHome(['en-US']);
      const offer = await screen.findByRole('complementary', { name: 'Sprache' });
      expect(offer.textContent).toContain('Diese Seite gibt es auch auf Deutsch.');
    } finally {
      meta.remove();
    }
  });

  it('offers nothing to an English browser, nor once a language was chosen', async () => {
    await renderHome(['en-US']);
    expect(screen.queryByRole('complementary', { name: 'Sprache' })).toBeNull();
    cleanup();
    // biome-ignore lint/suspicious/noDocumentCookie: a choice made before
    document.cookie = 'll_lang=en; Path=/';
    await renderHome(['de-DE']);
    await act(async () => {});
    expect(screen.queryByRole('complementary', { name: 'Sprache' })).toBeNull();
  });
});
