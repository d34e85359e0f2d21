import { Suspense, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, useRouteError, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { refreshSession } from '../lib/session.ts';
import { DEFAULT_GUARDS, Guarded } from './guards.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { HomeLayout } from './layouts/home-layout.tsx';
import { NotFoundLayout } from './layouts/not-found-layout.tsx';
import { PricingLayout } from './layouts/pricing-layout.tsx';
import { useNavProgressDone, useNavProgressStart } from './nav-progress.ts';
import { ROUTES, type AppRoute, type LayoutName } from './routes.tsx';

const LAYOUTS: Record<LayoutName, ComponentType> = {
  home: HomeLayout,
  auth: AuthLayout,
  '404': NotFoundLayout,
  pricing: PricingLayout,
};

export const APP_NAME = 'FYN';

export function documentTitle(screenTitle: string): string {
  return screenTitle ? `${screenTitle} · ${APP_NAME}` : APP_NAME;
}

function ScreenReady() {
  useNavProgressDone();
  return null;
}

/** One route: its guards, its document title, its screen loaded on demand. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const title = t(route.titleKey);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  const Screen = route.screen;
  return (
    <Guarded guards={route.guards ?? DEFAULT_GUARDS}>
      <Suspense fallback={<PageLoader />}>
        <Screen />
        <ScreenReady />
      </Suspense>
    </Guarded>
  );
}

/** The root of every page: navigation progress and, once, the session check. */
function RootFrame() {
  useNavProgressStart();
  useEffect(() => {
    void refreshSession();
  }, []);
  return <Outlet />;
}

/** Any error no screen handled (spec §8): the generic server-error text. */
function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
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

/** Route objects from the route table, grouped under their layouts. */
export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as LayoutName[];
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
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

export function createAppRouter(routes: readonly AppRoute[] = ROUTES) {
  const router = createBrowserRouter(buildRouteObjects(routes));
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
