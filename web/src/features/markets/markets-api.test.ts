import { describe, expect, it } from 'vitest';
import { indexPoints } from './markets-api.ts';

describe('indexPoints', () => {
  it('pairs the days with the values, leaving out the days before the index starts', () => {
    expect(indexPoints(['2024-01-02', '2024-01-03', '2024-01-04'], [null, 100, 101.5])).toEqual([
      { day: '2024-01-03', value: 100 },
      { day: '2024-01-04', value: 101.5 },
    ]);
  });
});
