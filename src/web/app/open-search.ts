import { lazy } from 'react';
import i18next from 'i18next';
import { registerDrawerContent } from '../lib/drawer-registry.ts';
import { useDrawerStore } from '../lib/drawer-store.ts';

export const SEARCH_PANEL = 'global-search';

// The panel (its results, avatars, actions) loads when search is first opened, not with the shell.
registerDrawerContent(SEARCH_PANEL, lazy(async () => ({ default: (await import('../features/search/search-panel.tsx')).SearchPanel })));

/** Opens the header's search in the app's drawer. */
export function openSearch(): void {
  useDrawerStore.getState().openDrawer({ type: SEARCH_PANEL, title: i18next.t('search.title'), width: 520 });
}
