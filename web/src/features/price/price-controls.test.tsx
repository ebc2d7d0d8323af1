import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/i18n.ts';
import { CustomRange } from './custom-range.tsx';
import { PriceOptions } from './price-options.tsx';
import { compareFromParams, parsePriceParams, withoutPriceParams, writePriceParams } from './price-params.ts';

afterEach(cleanup);

async function renderWithTexts(node: ReactNode) {
  render(<I18nextProvider i18n={await testI18n(['en'])}>{node}</I18nextProvider>);
}

describe('price chart parameters in the URL', () => {
  it('reads every switch, with defaults for what is absent or invalid', () => {
    expect(parsePriceParams(new URLSearchParams(''))).toEqual({
      range: '1Y',
      from: null,
      to: null,
      style: 'line',
      volume: true,
      movingAverages: [],
      log: false,
      markers: true,
    });
    const params = parsePriceParams(
      new URLSearchParams('range=5y&chart=candles&volume=0&ma=200,50,7&log=1&markers=0&from=2024-02-30x&to=2025-01-02'),
    );
    expect(params).toEqual({
      range: '5Y',
      from: null,
      to: '2025-01-02',
      style: 'candles',
      volume: false,
      movingAverages: [50, 200],
      log: true,
      markers: false,
    });
  });

  it('a window given backwards is read in order', () => {
    const params = parsePriceParams(new URLSearchParams('from=2025-01-02&to=2024-01-02'));
    expect([params.from, params.to]).toEqual(['2024-01-02', '2025-01-02']);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writePriceParams(new URLSearchParams('compare=QBTZ&range=5Y'), {
      range: '1Y',
      movingAverages: [200, 50],
      style: 'candles',
    });
    expect(written.toString()).toBe('compare=QBTZ&chart=candles&ma=50%2C200');
  });

  it('another tab gets the URL without the price chart parameters, compare included', () => {
    expect(withoutPriceParams('?compare=QBTZ&range=5Y&ma=50&period=quarterly')).toBe('?period=quarterly');
    expect(withoutPriceParams('?compare=QBTZ')).toBe('');
  });

  it("reads the compared tickers upper-case, once each, without the page's own or non-tickers, five at most", () => {
    const params = new URLSearchParams('compare=qbtz, ACME,QBTZ,ZETQ,not a ticker,SOLQ,AAA,BBB,CCC');
    expect(compareFromParams(params, 'ACME')).toEqual(['QBTZ', 'ZETQ', 'SOLQ', 'AAA', 'BBB']);
    expect(compareFromParams(new URLSearchParams(''), 'ACME')).toEqual([]);
  });
});

describe('custom date range', () => {
  it('applies the typed window', async () => {
    const onChange = vi.fn();
    await renderWithTexts(<CustomRange from={null} to={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-06-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2024-01-02', to: '2024-06-28' });
  });

  it('refuses a start after the end, saying why, and applies nothing', async () => {
    const onChange = vi.fn();
    await renderWithTexts(<CustomRange from={null} to={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-06-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/start date/);
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('an applied window can be cleared, back to the range buttons', async () => {
    const onChange = vi.fn();
    await renderWithTexts(<CustomRange from="2024-01-02" to={null} onChange={onChange} />);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-01-02');
    fireEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).toHaveBeenCalledWith({ from: null, to: null });
  });
});

describe('price chart switches', () => {
  const params = parsePriceParams(new URLSearchParams('ma=50'));

  it('switches to candles, hides volume, adds the 200-day average', async () => {
    const onChange = vi.fn();
    const onMarkersChange = vi.fn();
    await renderWithTexts(
      <PriceOptions
        params={params}
        onChange={onChange}
        ohlcv
        comparing={false}
        markers={true}
        onMarkersChange={onMarkersChange}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show dividends and splits' }));
    expect(onMarkersChange).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByRole('button', { name: 'Candles' }));
    expect(onChange).toHaveBeenLastCalledWith({ style: 'candles' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Volume' }));
    expect(onChange).toHaveBeenLastCalledWith({ volume: false });
    fireEvent.click(screen.getByRole('checkbox', { name: '200-day average' }));
    expect(onChange).toHaveBeenLastCalledWith({ movingAverages: [50, 200] });
    fireEvent.click(screen.getByRole('checkbox', { name: '50-day average' }));
    expect(onChange).toHaveBeenLastCalledWith({ movingAverages: [] });
  });

  it('closes only: no candles or volume switches', async () => {
    await renderWithTexts(
      <PriceOptions
        params={params}
        onChange={() => {}}
        ohlcv={false}
        comparing={false}
        markers={null}
        onMarkersChange={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Candles' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Volume' })).toBeNull();
  });

  it('comparing keeps volume and plainly disables candles, averages and the log scale, saying why (issue 33)', async () => {
    const candles = parsePriceParams(new URLSearchParams('ma=50&chart=candles&log=1'));
    await renderWithTexts(
      <PriceOptions params={candles} onChange={() => {}} ohlcv comparing markers={true} onMarkersChange={() => {}} />,
    );
    const volume = screen.getByRole('checkbox', { name: 'Volume' }) as HTMLInputElement;
    expect([volume.disabled, volume.checked]).toEqual([false, true]);
    for (const name of ['50-day average', '200-day average', 'Log scale']) {
      const box = screen.getByRole('checkbox', { name }) as HTMLInputElement;
      // Off and disabled, not ticked over a chart that does not draw it.
      expect([name, box.disabled, box.checked]).toEqual([name, true, false]);
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
      const reason = document.getElementById(box.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toMatch(/while comparing/);
    }
    const style = screen.getByRole('button', { name: 'Candles' }).closest('fieldset');
    expect(style?.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Line' }).getAttribute('aria-pressed')).toBe('true');
  });
});
