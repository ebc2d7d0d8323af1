import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_TIP_MS, useCopy } from './use-copy.ts';

function CopyButton({ disabled }: { disabled: boolean }) {
  const { copied, copy } = useCopy(disabled);
  return (
    <button type="button" onClick={() => void copy('wc:abc')}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

describe('copy with a tip (spec 5, 9)', () => {
  const writeText = vi.fn(async (_text: string) => undefined);
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    writeText.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows "copied" for 2 s', async () => {
    render(<CopyButton disabled={false} />);
    await act(async () => screen.getByRole('button').click());
    expect(writeText).toHaveBeenCalledWith('wc:abc');
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(COPIED_TIP_MS - 1));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('ignores copying while disabled', async () => {
    render(<CopyButton disabled />);
    await act(async () => screen.getByRole('button').click());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
