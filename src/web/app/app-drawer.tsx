import { Suspense } from 'react';
import { Spin } from 'antd';
import { LazyDrawer } from '../components/lazy-drawer.tsx';
import { useDrawerStore } from '../lib/drawer-store.ts';
import { drawerContentFor } from '../lib/drawer-registry.ts';
import './organisation-profile-drawer.ts';

/** The one drawer of the app (docs/product.md#drawer), driven by lib/drawer-store.ts; rendered once, in the home layout. */
export function AppDrawer() {
  const { open, side, width, title, loading, data, type, overlayClickable, dontPadBottom, closeDrawer } =
    useDrawerStore();
  const Content = drawerContentFor(type);
  return (
    <LazyDrawer
      open={open}
      placement={side}
      size={width}
      title={title}
      onClose={closeDrawer}
      mask={{ closable: overlayClickable }}
      styles={{ body: dontPadBottom ? { paddingBottom: 0 } : undefined, wrapper: { maxWidth: '100vw' } }}
    >
      <Spin spinning={loading}>
        {Content ? (
          <Suspense fallback={<Spin />}>
            <Content data={data} close={closeDrawer} />
          </Suspense>
        ) : null}
      </Spin>
    </LazyDrawer>
  );
}
