import { afterEach, describe, expect, it, vi } from 'vitest';
import { warningsOnce } from './warn-once.ts';

describe('oidc-provider warnings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints each distinct warning once per process, and lets other output through', () => {
    const written = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const make = (n: number) =>
      warningsOnce(() => {
        console.warn('oidc-provider WARNING: a quick start development-only in-memory adapter is used (test)');
        console.warn(`something else ${n}`);
        return n;
      });
    expect([make(1), make(2), make(3)]).toEqual([1, 2, 3]);
    expect(written.mock.calls.map((call) => call[0])).toEqual([
      'oidc-provider WARNING: a quick start development-only in-memory adapter is used (test)',
      'something else 1',
      'something else 2',
      'something else 3',
    ]);
  });

  it('restores console.warn even when making the provider throws', () => {
    const before = console.warn;
    expect(() =>
      warningsOnce(() => {
        throw new Error('bad configuration');
      }),
    ).toThrow('bad configuration');
    expect(console.warn).toBe(before);
  });
});
