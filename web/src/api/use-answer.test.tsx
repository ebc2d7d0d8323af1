import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAnswer } from './use-answer.ts';

type Hook = typeof useAnswer;

/** Renders a component that records every render's (status, data) and returns the answer's resolver. */
function setUp(hook: Hook, key: string) {
  const seen: string[] = [];
  let answer: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Probe() {
    const query = hook({
      queryKey: [key],
      queryFn: () =>
        new Promise<string>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    });
    // What the component shows, and whether the answer is already in the cache at that render.
    seen.push(`${query.status}:${query.data ?? '-'}${client.getQueryData([key]) === undefined ? '' : ' (answered)'}`);
    return <p>{query.isPending ? 'loading' : query.isError ? 'failed' : String(query.data)}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { seen, answer: (value: string) => answer(value), fail: (error: Error) => fail(error) };
}

describe('useAnswer', () => {
  afterEach(cleanup);

  it('draws an answer in a second, deferred render, showing the loading state until then', async () => {
    const { seen, answer } = setUp(useAnswer, 'deferred');
    await act(async () => answer('42'));
    expect(await screen.findByText('42')).toBeTruthy();
    // The render React Query forces at once still shows what was drawn (loading) though the answer is in;
    // the answer follows in a deferred render. Never a render with success and no data.
    expect(seen.slice(-2)).toEqual(['pending:- (answered)', 'success:42 (answered)']);
    expect(seen.filter((s) => s.startsWith('success:-'))).toEqual([]);
  });

  it('differs from useQuery, which draws the answer in the render it forces', async () => {
    const { seen, answer } = setUp(useQuery as Hook, 'plain');
    await act(async () => answer('42'));
    await screen.findByText('42');
    // The baseline the test above is measured against: here the answer comes in the forced render itself.
    expect(seen).not.toContain('pending:- (answered)');
    expect(seen.at(-1)).toBe('success:42 (answered)');
  });

  it('shows an error at once: it has no data to draw', async () => {
    const { seen, fail } = setUp(useAnswer, 'error');
    await act(async () => fail(new Error('down')));
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(seen).not.toContain('pending:- (answered)');
    expect(seen.at(-1)).toBe('error:-');
  });
});
