import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { CheckResult } from './advanced-filter.tsx';

afterEach(cleanup);

describe('an expression the API refused (issue 33)', () => {
  it('says the API’s own position, as its message does, and marks that character', async () => {
    const i18n = await testI18n(['en']);
    await i18n.loadNamespaces('screener');
    const expression = 'pe lt and';
    // What the server answers for it: position 6 (0-based), "at position 6: ..." (server/src/odata/errors.ts).
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/green-stocks']}>
          <CheckResult
            check={{
              ok: false,
              position: 6,
              message: '$filter at position 6: expected a value, found and',
              expected: 'a value',
              found: 'and',
            }}
            expression={expression}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText('Not understood at position 6 (counted from 0, as in the API’s message):')).toBeTruthy();
    expect(document.querySelector('.advanced-filter__marked mark')?.textContent).toBe('a');
    expect(screen.getByText(/at position 6:/)).toBeTruthy();
  });
});
