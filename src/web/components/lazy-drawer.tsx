import { lazy, Suspense, useState } from 'react';
import type { DrawerProps } from 'antd';

const Drawer = lazy(() => import('antd/es/drawer'));

/**
 * antd's Drawer, loaded when first opened: the home layout holds two (the app's drawer and, on
 * narrow screens, the menu), closed on every first render, and their code (with antd's Skeleton)
 * weighed ~6 kB gzip on every logged-in page. Once opened it stays mounted, so that it animates
 * closed and keeps what it holds as antd's does.
 */
export function LazyDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(Boolean(props.open));
  if (props.open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;
}
