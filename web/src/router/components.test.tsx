import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Navigate, Outlet, RouterProvider, useLocation, useParams, useSearchParams } from './components.tsx';
import { memoryHistory } from './history.ts';
import { createRouter, type RouteObject } from './router.ts';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createRouter(routes, memoryHistory([path]));
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  const routes: RouteObject[] = [
    {
      path: '*',
      Component: () => (
        <>
          <Link to="/next">next</Link>
          <Link to="/next" target="_blank">
            new tab
          </Link>
          <Link to={{ search: '?page=2' }}>page 2</Link>
          <Where />
        </>
      ),
    },
  ];

  it('navigates on a plain click and leaves modified or middle clicks and other targets to the browser', async () => {
    const router = renderRoutes(routes, '/list?page=1');
    const next = await screen.findByRole('link', { name: 'next' });
    expect(next.getAttribute('href')).toBe('/next');
    expect(screen.getByRole('link', { name: 'page 2' }).getAttribute('href')).toBe('/list?page=2');

    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      // fireEvent returns false when the default (the browser's own handling) was prevented.
      expect(fireEvent.click(next, click)).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'new tab' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/list');

    await act(async () => {
      expect(fireEvent.click(next)).toBe(false);
    });
    expect(screen.getByTestId('where').textContent).toBe('/next');
  });
});

describe('pages and their state', () => {
  it('keeps a page mounted (with its state) across a search-parameter change, and reads params', async () => {
    function Stock() {
      const [count, setCount] = useState(0);
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>{`${useParams().ticker} ${params.get('range') ?? 'none'} ${count}`}</p>
          <button type="button" onClick={() => setCount(count + 1)}>
            count
          </button>
          <button
            type="button"
            onClick={() =>
              setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), range: '5y' }), {
                replace: true,
              })
            }
          >
            range
          </button>
        </>
      );
    }
    const routes: RouteObject[] = [
      { path: '/', Component: Outlet, children: [{ path: 'stocks/:ticker', Component: Stock }] },
    ];
    renderRoutes(routes, '/stocks/ACME');
    await screen.findByText('ACME none 0');
    act(() => screen.getByRole('button', { name: 'count' }).click());
    act(() => screen.getByRole('button', { name: 'range' }).click());
    expect(screen.getByText('ACME 5y 1')).toBeTruthy();
  });

  it('redirects with Navigate', async () => {
    const routes: RouteObject[] = [
      { path: '/old', Component: () => <Navigate to="/new?x=1" replace /> },
      { path: '/new', Component: Where },
    ];
    renderRoutes(routes, '/old');
    expect((await screen.findByTestId('where')).textContent).toBe('/new?x=1');
  });
});
