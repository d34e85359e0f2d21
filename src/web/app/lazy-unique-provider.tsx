import { lazy, Suspense, type ReactNode } from 'react';

// The real one loads only if a page ever renders it: antd's ConfigProvider wraps the app in it
// when `tooltip.unique` is set (which FYN does not set).
const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

/**
 * antd's ConfigProvider imports the tooltips' UniqueProvider statically, and with it
 * @rc-component/trigger, portal and motion: ~12 kB gzipped in every page's first chunk, the login
 * page's included, for a wrapper that FYN never renders. The build hands the ConfigProvider this
 * one as that module's default export (vite.config.ts, `lazyTooltipProvider`), which loads the real one when rendered.
 */
export function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
