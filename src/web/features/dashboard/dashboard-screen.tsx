import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetKey } from '#shared/dashboard/widget-rules.ts';
import { useDashboardStore } from '../../lib/dashboard-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { CustomiseControl } from './customise-control.tsx';
import { WidgetCard } from './widget-card.tsx';
import { useWidgetLayoutSave } from './use-widget-save.ts';
import './dashboard-screen.css';

// The welcome shows once, after the first login: its Alert (and icons) load only then.
const Alert = lazy(() => import('antd/es/alert'));

/**
 * Takes the layout saved with the session user once per user (none saved or malformed: the
 * defaults). From then on a previous list exists, so changes are saved (docs/product.md#saving-the-layout).
 */
function useLoadSavedLayout(): void {
  const userId = useSessionStore((s) => s.user?.id);
  const load = useDashboardStore((s) => s.load);
  useEffect(() => {
    if (userId) load(useSessionStore.getState().user?.widget_sequence ?? null);
  }, [userId, load]);
}

/**
 * The dashboard (docs/product.md#dashboard): the user's widgets, arranged and chosen by them, and
 * `below` them what the app composes there (the news feed, app/dashboard-home.tsx).
 */
export function DashboardScreen({ below }: { below?: ReactNode } = {}) {
  const { t } = useTranslation();
  const userName = useSessionStore((s) => s.user?.name ?? '');
  const welcome = useSessionStore((s) => s.welcome);
  const dismissWelcome = useSessionStore((s) => s.dismissWelcome);
  const widgets = useDashboardStore((s) => s.widgets);
  const move = useDashboardStore((s) => s.move);
  const setVisible = useDashboardStore((s) => s.setVisible);
  const changed = useWidgetLayoutSave();
  useLoadSavedLayout();

  const shown = useMemo(() => widgets.filter((w) => w.visible), [widgets]);
  // Drag and drop is not needed to see the widgets: it loads when a pointer (mouse, pen or touch)
  // or the keyboard focus comes to the grid, where a drag starts. Not on a timer: what the first
  // load fetches must not depend on how fast the machine is (bench/bundle-size.ts).
  const [Grid, setGrid] = useState<typeof import('./sortable-grid.tsx').SortableGrid | null>(null);
  const wanted = useRef(false);
  const focused = useRef<string | null>(null);
  const loadGrid = useCallback(() => {
    if (wanted.current) return;
    wanted.current = true;
    void import('./sortable-grid.tsx').then((m) => {
      // The cards are drawn anew: a handle that had the keyboard focus gets it back (sortable-grid.tsx).
      focused.current = document.activeElement?.closest('[data-widget]')?.getAttribute('data-widget') ?? null;
      setGrid(() => m.SortableGrid);
    });
  }, []);
  function onMove(active: WidgetKey, over: WidgetKey) {
    move(active, over);
    changed();
  }

  function onToggle(key: WidgetKey, visible: boolean) {
    setVisible(key, visible);
    changed();
  }

  return (
    <Flex vertical gap={24} className="fyn-dashboard">
      {welcome && (
        <Suspense fallback={null}>
          <Alert
            type="info"
            showIcon
            closable={{ onClose: dismissWelcome, 'aria-label': t('dashboard.welcome_close') }}
            title={t('dashboard.welcome_title', { name: userName })}
            description={t('dashboard.welcome_text')}
          />
        </Suspense>
      )}
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title level={1} className="fyn-page-title fyn-dashboard-heading">
          {t('titles.dashboard')}
        </Typography.Title>
        <CustomiseControl widgets={widgets} onToggle={onToggle} />
      </Flex>
      {shown.length === 0 ? (
        <Empty description={t('dashboard.all_hidden')} />
      ) : (
        Grid ? (
          <Grid shown={shown} onMove={onMove} focusKey={focused.current} />
        ) : (
          <div className="fyn-dashboard-grid" onPointerOver={loadGrid} onFocus={loadGrid}>
            {shown.map((widget) => (
              <WidgetCard key={widget.key} widget={widget} />
            ))}
          </div>
        )
      )}
      {below}
    </Flex>
  );
}
