import { createContext, type ReactNode, useContext, useState } from 'react';
import { RouterProvider } from './components.tsx';
import { memoryHistory } from './history.ts';
import { createRouter } from './router.ts';

const Content = createContext<ReactNode>(null);
const ShowContent = () => useContext(Content);

/** For tests: `children` under a router on a history in memory, at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createRouter([{ path: '*', Component: ShowContent }], memoryHistory(initialEntries)));
  return (
    <Content value={children}>
      <RouterProvider router={router} />
    </Content>
  );
}
