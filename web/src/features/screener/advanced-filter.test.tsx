import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { CheckResult, tokenAt } from './advanced-filter.tsx';

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
    // The whole word, not its first letter (issue 46).
    expect(document.querySelector('.advanced-filter__marked mark')?.textContent).toBe('and');
    expect(document.querySelector('.advanced-filter__marked')?.textContent).toBe(expression);
    expect(screen.getByText(/at position 6:/)).toBeTruthy();
  });
});

describe('the token an error position marks (issue 46: a word cut in two)', () => {
  it('is the whole word, number, quoted string or date, else one character, and empty at the end', () => {
    const expression = "dividendYieldPct gt 3.5 and and sector eq 'Real Estate' or asOf ge 2024-01-31)";
    expect(tokenAt(expression, 28)).toBe('and');
    expect(tokenAt(expression, 20)).toBe('3.5');
    expect(tokenAt(expression, expression.indexOf("'"))).toBe("'Real Estate'");
    expect(tokenAt(expression, expression.indexOf('2024'))).toBe('2024-01-31');
    expect(tokenAt(expression, expression.length - 1)).toBe(')');
    expect(tokenAt(expression, expression.length)).toBe('');
  });
});
