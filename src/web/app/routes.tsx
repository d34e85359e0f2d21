import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { GuardName } from './guards.tsx';

export type LayoutName = 'home' | 'auth' | '404' | 'pricing';

export interface AppRoute {
  path: string;
  /** i18n key of the screen title; the document title is "<title> · FYN". */
  titleKey: string;
  layout: LayoutName;
  /** Checked in order; a route without a list is guarded by `auth` (spec §2). */
  guards?: readonly GuardName[];
  screen: LazyScreen;
}

/** A screen loaded on demand, whose code can be fetched ahead of its first render. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** React.lazy for a module's named export (we use no default exports). */
function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyScreen {
  const screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(screen, { preload: load });
}

const HomeScreen = lazyScreen(() => import('../features/home/home-screen.tsx'), 'HomeScreen');
const LoginScreen = lazyScreen(() => import('../features/auth/login-screen.tsx'), 'LoginScreen');
const SignUpScreen = lazyScreen(() => import('../features/auth/sign-up-screen.tsx'), 'SignUpScreen');
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/forgot-password-screen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/auth/reset-password-screen.tsx'),
  'ResetPasswordScreen',
);
const DevScreen = lazyScreen(() => import('../features/dev/dev-screen.tsx'), 'DevScreen');
const NotFoundScreen = lazyScreen(() => import('../features/not-found/not-found-screen.tsx'), 'NotFoundScreen');

/** The route table; the app shell issue adds the rest of spec §2 here. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', titleKey: 'titles.dashboard', layout: 'home', guards: ['auth'], screen: HomeScreen },
  { path: '/auth/login', titleKey: 'titles.login', layout: 'auth', guards: ['guest'], screen: LoginScreen },
  { path: '/auth/sign-up', titleKey: 'titles.sign_up', layout: 'auth', guards: ['guest'], screen: SignUpScreen },
  {
    path: '/auth/forgot-password',
    titleKey: 'titles.forgot_password',
    layout: 'auth',
    guards: ['guest'],
    screen: ForgotPasswordScreen,
  },
  {
    path: '/auth/reset-password',
    titleKey: 'titles.reset_password',
    layout: 'auth',
    guards: ['guest'],
    screen: ResetPasswordScreen,
  },
  // Guards "not shown" in the spec; open so that the outbox can be read before logging in.
  { path: '/dev', titleKey: 'titles.developer', layout: 'home', guards: [], screen: DevScreen },
  { path: '*', titleKey: 'titles.not_found', layout: '404', guards: [], screen: NotFoundScreen },
];

/** The route that will show `pathname` (the catch-all when none matches). */
export function routeFor(pathname: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return (
    routes.find((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, pathname)) ??
    routes.find((route) => route.path === '*')
  );
}
