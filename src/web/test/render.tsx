import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { ScreenProviders } from '../app/screen-providers.tsx';
import { setNavigator } from '../lib/navigation.ts';

/**
 * antd in the test DOM (happy-dom), made fast: its CSS-in-JS keeps the styles to itself (`mock="server"`: no
 * <style> in the document, so every getComputedStyle — testing-library's role and
 * pointer-events checks, antd's popup alignment — stays cheap) and nothing animates, so a
 * popup or drawer is there, or gone, at once.
 */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <Providers>
        <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
      </Providers>
    </StyleProvider>
  );
}

/** A component inside the app's providers, without a router. */
export function renderUi(ui: ReactElement) {
  return render(ui, { wrapper: TestProviders });
}

/**
 * Renders routes inside the app's providers with an in-memory router at `path`. Stub screens
 * for the other paths show where a navigation went.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <TestProviders>
      {/* The app's lazily loaded layouts add these (query cache, antd App); screens tested alone get them here. */}
      <ScreenProviders>
        <RouterProvider router={router} />
      </ScreenProviders>
    </TestProviders>,
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
