import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const now = Date.parse('2026-01-10T12:00:00Z');

describe('time ago', () => {
  it('uses the largest unit that fits', () => {
    expect(timeAgo('2026-01-10T09:00:00Z', 'en', now)).toBe('3 hr. ago');
    expect(timeAgo('2026-01-08T12:00:00Z', 'en', now)).toBe('2 days ago');
    expect(timeAgo('2026-01-10T11:55:00Z', 'en', now)).toBe('5 min. ago');
  });
  it('says "now" for under a minute, also for a feed clock slightly ahead', () => {
    expect(timeAgo('2026-01-10T11:59:40Z', 'en', now)).toBe('now');
    expect(timeAgo('2026-01-10T12:00:20Z', 'en', now)).toBe('now');
  });
  it('speaks the page language', () => {
    expect(timeAgo('2026-01-09T12:00:00Z', 'de', now)).toBe('gestern');
  });
});
