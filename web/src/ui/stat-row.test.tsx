import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatRow } from './stat-row.tsx';

afterEach(cleanup);

describe('stat row', () => {
  it('shows each figure under its label, in order, as a description list', () => {
    render(
      <StatRow
        stats={[
          { label: 'Now', value: '18.2x' },
          { label: 'Median', value: '15.1x' },
        ]}
      />,
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Now', 'Median']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['18.2x', '15.1x']);
  });

  it('marks a loss in red and leaves the other figures plain', () => {
    render(
      <StatRow
        stats={[
          { label: 'Current', value: '-12.5%', tone: 'loss' },
          { label: 'Deepest on', value: 'Mar 23, 2020' },
        ]}
      />,
    );
    expect(screen.getByText('-12.5%').className).toBe('num stat-row__value--loss');
    expect(screen.getByText('Mar 23, 2020').className).toBe('num');
  });
});
