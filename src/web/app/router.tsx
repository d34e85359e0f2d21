import { Component, lazy, Suspense, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { refreshSession } from '../lib/session.ts';
import { DEFAULT_GUARDS, Guarded } from './guards.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { useNavProgressDone, useNavProgressStart } from './nav-progress.ts';
import { RouteContext } from '../lib/route-context.ts';
import { ROUTES, type AppRoute, type LayoutName } from './routes.tsx';

/** A layout loaded on demand (its menus, icons and antd parts stay off the login page). */
function lazyLayout<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  const Layout = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return function LazyLayout() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Layout />
      </Suspense>
    );
  };
}

/** The auth layout is small and is the first page of most visits: it comes with the app. */
const LAYOUTS: Record<LayoutName, ComponentType> = {
  home: lazyLayout(() => import('./layouts/home-layout.tsx'), 'HomeLayout'),
  auth: AuthLayout,
  '404': lazyLayout(() => import('./layouts/not-found-layout.tsx'), 'NotFoundLayout'),
  pricing: lazyLayout(() => import('./layouts/pricing-layout.tsx'), 'PricingLayout'),
};

export const APP_NAME = 'FYN';

export function documentTitle(screenTitle: string): string {
  return screenTitle ? `${screenTitle} · ${APP_NAME}` : APP_NAME;
}

function ScreenReady() {
  useNavProgressDone();
  return null;
}

/** Any error no screen handled (docs/product.md#error-notices): the generic server-error text. */
export function RouteError() {
  const { t } = useTranslation();
  // Plain markup: this must render even when the app's own pieces are what failed.
  return (
    <div className="fyn-plain-main" role="alert">
      <div>
        <h1 className="fyn-auth-title">{t('errors.server')}</h1>
        <a href="/">{t('common.back_home')}</a>
      </div>
    </div>
  );
}

/**
 * A React error boundary: a screen (or layout) that throws while rendering shows RouteError
 * instead of taking the app down. Keyed by path where used, so that navigating away resets it.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** One route: its error boundary, guards, document title and its screen loaded on demand. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t(route.titleKey);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  const Screen = route.screen;
  return (
    <RouteContext value={route}>
      <ErrorBoundary key={pathname}>
        <Guarded guards={route.guards ?? DEFAULT_GUARDS}>
          <Suspense fallback={<PageLoader />}>
            <Screen />
            <ScreenReady />
          </Suspense>
        </Guarded>
      </ErrorBoundary>
    </RouteContext>
  );
}

/** The root of every page: navigation for code outside React, progress bar and, once, the session check. */
function RootFrame() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  useNavProgressStart();
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <ErrorBoundary>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Route objects from the route table, grouped under their layouts. */
export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as LayoutName[];
  return [
    {
      element: <RootFrame />,
      children: layouts
        .filter((layout) => routes.some((r) => r.layout === layout))
        .map((layout) => {
          const Layout = LAYOUTS[layout];
          return {
            element: <Layout />,
            children: routes
              .filter((r) => r.layout === layout)
              .map((route) => ({ path: route.path, element: <RouteScreen route={route} /> })),
          };
        }),
    },
  ];
}

const ROUTE_OBJECTS = buildRouteObjects(ROUTES);

function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
}

/**
 * The app's router. Declarative mode (BrowserRouter + useRoutes): FYN needs no loaders or
 * actions, and the data router's engine would add ~18 kB gzipped to every first page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
