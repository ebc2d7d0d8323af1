import { describe, expect, it } from 'vitest';
import { queryPanelState } from './panel.tsx';

describe("a query's panel state", () => {
  it('is loading until the first answer, whatever the data', () => {
    expect(queryPanelState({ isPending: true, isError: false }, false)).toBe('loading');
    expect(queryPanelState({ isPending: true, isError: false }, true)).toBe('loading');
  });

  it('is the error when the query failed', () => {
    expect(queryPanelState({ isPending: false, isError: true }, false)).toBe('error');
    expect(queryPanelState({ isPending: false, isError: true }, true)).toBe('error');
  });

  it('is empty when the answer has nothing to show, else ready', () => {
    expect(queryPanelState({ isPending: false, isError: false }, false)).toBe('empty');
    expect(queryPanelState({ isPending: false, isError: false }, true)).toBe('ready');
  });
});
