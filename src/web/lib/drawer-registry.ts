import type { ComponentType } from 'react';

/** What a drawer content component receives: the drawer's `data` and a way to close it. */
export interface DrawerContentProps {
  data: unknown;
  close: () => void;
}

const contents = new Map<string, ComponentType<DrawerContentProps>>();

/** Features name what they show in the app's drawer (`openDrawer({ type })`) here. */
export function registerDrawerContent(type: string, component: ComponentType<DrawerContentProps>): void {
  contents.set(type, component);
}

export function drawerContentFor(type: string | null): ComponentType<DrawerContentProps> | undefined {
  return type === null ? undefined : contents.get(type);
}
