import { useEffect, useMemo, useRef } from 'react';
import { Alert, Empty, Flex, Typography } from 'antd';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { WidgetKey } from '#shared/dashboard/widget-rules.ts';
import { useDashboardStore } from '../../lib/dashboard-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { CustomiseControl } from './customise-control.tsx';
import { SortableWidgetCard } from './sortable-widget-card.tsx';
import { useWidgetLayoutSave } from './use-widget-save.ts';
import './dashboard-screen.css';

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

/** The dashboard (docs/product.md#dashboard): the user's widgets, arranged and chosen by them. */
export function DashboardScreen() {
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Whether the picked-up card has left its own place yet: until then "picked up" is the news.
  const moved = useRef(false);
  const accessibility = useMemo(() => {
    const count = shown.length;
    const title = (id: UniqueIdentifier) => t(`dashboard.widgets.${String(id)}`);
    const position = (id: UniqueIdentifier) => shown.findIndex((w) => w.key === id) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        moved.current = false;
        return t('dashboard.drag.picked_up', { title: title(active.id), position: position(active.id), count });
      },
      onDragOver: ({ active, over }) => {
        if (!over) return t('dashboard.drag.not_over', { title: title(active.id) });
        if (over.id === active.id && !moved.current) return undefined;
        moved.current = true;
        return t('dashboard.drag.moved_over', { title: title(active.id), position: position(over.id), count });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t('dashboard.drag.dropped', { title: title(active.id), position: position(over.id), count })
          : t('dashboard.drag.cancelled', { title: title(active.id), position: position(active.id), count }),
      onDragCancel: ({ active }) =>
        t('dashboard.drag.cancelled', { title: title(active.id), position: position(active.id), count }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('dashboard.drag.instructions') };
    return { announcements, screenReaderInstructions };
  }, [shown, t]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    move(active.id as WidgetKey, over.id as WidgetKey);
    changed();
  }

  function onToggle(key: WidgetKey, visible: boolean) {
    setVisible(key, visible);
    changed();
  }

  return (
    <Flex vertical gap={24} className="fyn-dashboard">
      {welcome && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: dismissWelcome, 'aria-label': t('dashboard.welcome_close') }}
          title={t('dashboard.welcome_title', { name: userName })}
          description={t('dashboard.welcome_text')}
        />
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
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={shown.map((w) => w.key)} strategy={rectSortingStrategy}>
            <div className="fyn-dashboard-grid">
              {shown.map((widget) => (
                <SortableWidgetCard key={widget.key} widget={widget} />
              ))}
            </div>
          </SortableContext>
        </DndContext>
      )}
    </Flex>
  );
}
