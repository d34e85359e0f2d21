import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { ScreenProviders } from '../app/screen-providers.tsx';
import { setNavigator } from '../lib/navigation.ts';

/**
 * Renders routes inside the app's providers with an in-memory router at `path`. Stub screens
 * for the other paths show where a navigation went.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <Providers>
      {/* The app's lazily loaded layouts add these (query cache, antd App); screens tested alone get them here. */}
      <ScreenProviders>
        <RouterProvider router={router} />
      </ScreenProviders>
    </Providers>,
  );
  return { ...view, router };
}

/** One screen at `path`, plus a stub element per other path. */
export function renderScreen(screen: ReactElement, path: string, stubs: Record<string, string> = {}) {
  const pattern = path.split('?')[0] ?? path;
  const routes: RouteObject[] = [
    { path: pattern, element: screen },
    ...Object.entries(stubs).map(([stubPath, text]) => ({ path: stubPath, element: <p>{text}</p> })),
  ];
  return renderRoutes(routes, path);
}
