import { describe, expect, it } from 'vitest';
import { newSiweNonce } from './nonce-value.ts';

/** Every run of `length` characters of `text`. */
const runsOf = (text: string, length: number) =>
  new Set(Array.from({ length: text.length - length + 1 }, (_, i) => text.slice(i, i + length)));

describe('SIWE nonces', () => {
  it('are 128 bits of hex', () => {
    expect(newSiweNonce()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('share no run of 8 characters between two in a row (viem shifted the last one by one character)', () => {
    for (let i = 0; i < 200; i++) {
      const first = newSiweNonce();
      const second = newSiweNonce();
      const shared = [...runsOf(second, 8)].filter((run) => first.includes(run));
      expect(shared, `${first} then ${second}`).toEqual([]);
    }
  });

  it('do not repeat over many draws', () => {
    const seen = new Set(Array.from({ length: 10_000 }, newSiweNonce));
    expect(seen.size).toBe(10_000);
  });
});
