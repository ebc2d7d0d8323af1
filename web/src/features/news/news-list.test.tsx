import type { NewsItem } from '@app/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, memoryHistory, RouterProvider } from '../../router/index.ts';
import { testI18n } from '../../test/i18n.ts';
import { NewsList } from './news-list.tsx';

afterEach(cleanup);

const item = (id: number, title: string, link: string | null): NewsItem => ({
  id,
  title,
  link,
  summary: `<p>Summary of ${title}</p>`,
  publishedAt: '2026-12-01T10:00:00.000Z',
  source: 'Demo wire',
  locale: 'en',
  tickers: ['ZQA'],
});

async function renderList(items: NewsItem[], path = '/') {
  const i18n = await testI18n(['en']);
  const router = createRouter([{ path: '/*', Component: () => <NewsList items={items} /> }], memoryHistory([path]));
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('a news list (issue 46)', () => {
  it('links each headline to its item and shows its summary', async () => {
    await renderList([
      item(1, 'Rates unchanged', 'https://news.example/rates'),
      item(2, 'Zenquarry raises its dividend', `${window.location.origin}/stocks/ZQA/news#home-en-2026-12-01-0`),
      item(3, 'No address', null),
    ]);
    const outside = await screen.findByRole('link', { name: 'Rates unchanged' });
    expect(outside.getAttribute('href')).toBe('https://news.example/rates');
    expect(outside.getAttribute('target')).toBe('_blank');
    const own = screen.getByRole('link', { name: 'Zenquarry raises its dividend' });
    expect(own.getAttribute('href')).toBe('/stocks/ZQA/news#home-en-2026-12-01-0');
    expect(own.getAttribute('target')).toBeNull();
    expect(screen.getByText('Summary of Rates unchanged')).toBeTruthy();
    expect(screen.getByText('Summary of No address')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'No address' })).toBeNull();
  });
});
