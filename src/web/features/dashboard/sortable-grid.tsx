import { useEffect, useMemo, useRef } from 'react';
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
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { Widget, WidgetKey } from '#shared/dashboard/widget-rules.ts';
import { WidgetCard } from './widget-card.tsx';

function SortableWidgetCard({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: widget.key,
    attributes: { roleDescription: t('dashboard.drag.role_description') },
  });
  return (
    <WidgetCard
      widget={widget}
      sortable={{
        setNodeRef,
        setActivatorNodeRef,
        handle: { ...attributes, ...listeners },
        style: { transform: CSS.Translate.toString(transform), transition },
        isDragging,
      }}
    />
  );
}

/**
 * The widget grid with drag and drop (pointer and keyboard, with spoken announcements). Loaded
 * once the dashboard is on screen (dashboard-screen.tsx shows the same cards until then).
 */
export function SortableGrid({
  shown,
  onMove,
  focusKey,
}: {
  shown: Widget[];
  onMove: (active: WidgetKey, over: WidgetKey) => void;
  /** The card whose handle had the keyboard focus before this grid replaced the plain one. */
  focusKey: string | null;
}) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = [...(grid.current?.querySelectorAll('[data-widget]') ?? [])].find((el) => el.getAttribute('data-widget') === focusKey);
    card?.querySelector<HTMLElement>('.fyn-dashboard-handle')?.focus();
    // Only when taking over from the plain grid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
    onMove(active.id as WidgetKey, over.id as WidgetKey);
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={shown.map((w) => w.key)} strategy={rectSortingStrategy}>
        <div className="fyn-dashboard-grid" ref={grid}>
          {shown.map((widget) => (
            <SortableWidgetCard key={widget.key} widget={widget} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
