import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterPaint } from './after-paint.ts';

describe('useAfterPaint', () => {
  afterEach(cleanup);

  it('turns true only after a frame once ready, and stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    // Not in the render that made it ready: the frame showing the rest comes first.
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
