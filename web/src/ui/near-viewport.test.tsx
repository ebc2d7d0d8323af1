import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_MARGIN } from './near-viewport.ts';

vi.mock('./time-series-chart-canvas.tsx', () => ({
  default: ({ label }: { label: string }) => <div data-testid="canvas">{label}</div>,
}));

/** A stand-in for the browser's IntersectionObserver: the test says when an element comes near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The observed elements are (or are not) within the margin now. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const props = { label: 'Price of ZFAB', series: [], format: String, height: 280 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a chart far below the window', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });

  it('holds its place with its name and height, and is made only when it comes within a window of the view', async () => {
    const { TimeSeriesChart } = await import('./time-series-chart.tsx');
    render(<TimeSeriesChart {...props} />);
    const placeholder = screen.getByRole('img', { name: 'Price of ZFAB' });
    expect(placeholder.style.height).toBe('280px');
    expect(screen.queryByTestId('canvas')).toBeNull();
    const [observer] = FakeObserver.all;
    expect(observer?.options.rootMargin).toBe(NEAR_MARGIN);
    expect(observer?.observed).toEqual([placeholder]);

    // Scrolled, but still further away than the margin: nothing is made.
    act(() => observer?.report(false));
    expect(screen.queryByTestId('canvas')).toBeNull();

    act(() => observer?.report(true));
    expect(await screen.findByTestId('canvas')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Price of ZFAB' })).toBeNull();
    // Drawn once, it stays: the element is no longer watched.
    expect(observer?.disconnected).toBe(true);
  });
});

describe('where the browser cannot tell what is near', () => {
  it('makes the chart at once', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { TimeSeriesChart } = await import('./time-series-chart.tsx');
    render(<TimeSeriesChart {...props} />);
    expect(await screen.findByTestId('canvas')).toBeTruthy();
  });
});
