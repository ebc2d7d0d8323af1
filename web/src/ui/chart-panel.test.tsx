import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../router/memory-router.tsx';
import { testI18n } from '../test/i18n.ts';
import { ChartPanel } from './chart-panel.tsx';

afterEach(cleanup);

async function renderWithTexts(node: ReactNode) {
  const i18n = await testI18n(['en']);
  // The panel's as-of date is formatted in the page's language, which comes from the path.
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('chart panel', () => {
  it('shows the range buttons with the chosen one pressed, and reports a new choice', async () => {
    const onChange = vi.fn();
    await renderWithTexts(
      <ChartPanel title="Price" chartHeight={300} range={{ value: '1Y', onChange }}>
        <p>chart</p>
      </ChartPanel>,
    );
    expect(screen.getByRole('group', { name: 'Range' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Max' }).getAttribute('title')).toBe('All history');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '1M',
      '6M',
      'YTD',
      '1Y',
      '5Y',
      '10Y',
      'Max',
    ]);
    expect(screen.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '5Y' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '5Y' }));
    expect(onChange).toHaveBeenCalledWith('5Y');
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('holds the chart height while loading and has no range buttons when none are given', async () => {
    await renderWithTexts(
      <ChartPanel title="P/E" headingLevel={3} chartHeight={200} state="loading">
        <p>chart</p>
      </ChartPanel>,
    );
    const skeleton = document.querySelector<HTMLElement>('.skeleton--block');
    expect(skeleton?.style.height).toBe('200px');
    expect(screen.queryByText('chart')).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'P/E' })).toBeTruthy();
  });
});
