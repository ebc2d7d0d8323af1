import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTypedNumber } from './filter-draft.ts';
import { NO_FILTERS, type ScreenerFilters } from './screener-state.ts';
import { TYPING_PAUSE_MS, useFilterDraft } from './use-filter-draft.ts';

describe('numbers as readers type them', () => {
  it('reads dots, commas, grouping, a sign and a percent sign', () => {
    expect(parseTypedNumber('20')).toBe(20);
    expect(parseTypedNumber('2,5')).toBe(2.5);
    expect(parseTypedNumber('2.')).toBe(2);
    expect(parseTypedNumber('1 000,5')).toBe(1000.5);
    expect(parseTypedNumber('1.000,5')).toBe(1000.5);
    expect(parseTypedNumber('1,000.5')).toBe(1000.5);
    expect(parseTypedNumber('−20')).toBe(-20);
    expect(parseTypedNumber('4 %')).toBe(4);
    expect(parseTypedNumber('  ')).toBeUndefined();
  });

  it('says null for what is not a number', () => {
    expect(parseTypedNumber('abc')).toBeNull();
    expect(parseTypedNumber('-')).toBeNull();
    expect(parseTypedNumber('1..2')).toBeNull();
  });
});

/** URL writes land this long after they are made, as a router navigation does. */
const NAVIGATION_MS = 40;

/** The filter boxes of P/E over a fake URL that lags behind writes; `back` is an outside change. */
function Harness({ back }: { back: ScreenerFilters | null }) {
  const [url, setUrl] = useState<ScreenerFilters>(NO_FILTERS);
  useEffect(() => {
    if (back) setUrl(back);
  }, [back]);
  const draft = useFilterDraft(url, (filters) => {
    setTimeout(() => setUrl(filters), NAVIGATION_MS);
  });
  return (
    <form>
      {(['min', 'max'] as const).map((end) => (
        <input
          key={end}
          aria-label={end}
          value={draft.drafts.pe[end]}
          onChange={(event) => draft.type('pe', end, event.target.value)}
          onBlur={draft.flush}
        />
      ))}
      <output aria-label="url">{JSON.stringify(url.ranges.pe ?? {})}</output>
      <button type="button" onClick={() => draft.change({ flags: ['water'] })}>
        water
      </button>
      <output aria-label="flags">{url.flags.join(',')}</output>
    </form>
  );
}

const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const typeKey = (name: string, text: string) => fireEvent.change(box(name), { target: { value: text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the filter boxes (issue 23: "20" typed ended up "0")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps what is typed into a second box while the first box’s value reaches the URL', () => {
    render(<Harness back={null} />);
    typeKey('min', '5');
    fireEvent.blur(box('min'));
    // The second box gets its first key before the first box's write has landed, then a pause, then the next.
    typeKey('max', '2');
    wait(NAVIGATION_MS);
    expect(box('max').value).toBe('2');
    wait(TYPING_PAUSE_MS + NAVIGATION_MS);
    expect(screen.getByLabelText('url').textContent).toBe('{"min":5,"max":2}');
    typeKey('max', '20');
    wait(TYPING_PAUSE_MS / 2);
    expect(box('max').value).toBe('20');
    wait(TYPING_PAUSE_MS + NAVIGATION_MS);
    expect(box('max').value).toBe('20');
    expect(screen.getByLabelText('url').textContent).toBe('{"min":5,"max":20}');
  });

  it('applies fast typing once, after the pause, with nothing dropped', () => {
    render(<Harness back={null} />);
    for (const text of ['1', '12', '12,', '12,5']) {
      typeKey('max', text);
      wait(30);
    }
    expect(screen.getByLabelText('url').textContent).toBe('{}');
    wait(TYPING_PAUSE_MS + NAVIGATION_MS);
    expect(screen.getByLabelText('url').textContent).toBe('{"max":12.5}');
    expect(box('max').value).toBe('12,5');
  });

  it('a switch flipped while a number is pending applies both', () => {
    render(<Harness back={null} />);
    typeKey('min', '8');
    fireEvent.click(screen.getByRole('button', { name: 'water' }));
    wait(NAVIGATION_MS);
    expect(screen.getByLabelText('flags').textContent).toBe('water');
    expect(screen.getByLabelText('url').textContent).toBe('{"min":8}');
    wait(TYPING_PAUSE_MS + NAVIGATION_MS);
    expect(screen.getByLabelText('url').textContent).toBe('{"min":8}');
    expect(screen.getByLabelText('flags').textContent).toBe('water');
  });

  it('shows an outside change (the back button) in the boxes', () => {
    const { rerender } = render(<Harness back={null} />);
    typeKey('min', '5');
    wait(TYPING_PAUSE_MS + NAVIGATION_MS);
    rerender(<Harness back={{ ...NO_FILTERS, ranges: { pe: { max: 30 } } }} />);
    expect(box('min').value).toBe('');
    expect(box('max').value).toBe('30');
  });
});
