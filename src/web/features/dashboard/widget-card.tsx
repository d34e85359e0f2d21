import { theme } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '#shared/dashboard/widget-rules.ts';
import { WidgetBody } from './widget-body.tsx';

/** What the drag-and-drop code (sortable-grid.tsx) binds to a card once it has loaded. */
export interface SortableBindings {
  setNodeRef: Ref<HTMLElement>;
  setActivatorNodeRef: Ref<HTMLButtonElement>;
  handle: HTMLAttributes<HTMLButtonElement>;
  style: CSSProperties;
  isDragging: boolean;
}

/**
 * One widget's card in the grid. Its handle (a button) picks it up: by pointer, or by
 * keyboard (Space / Enter, arrows, Space / Enter again, Escape to cancel), once the
 * drag-and-drop code is in (`sortable`).
 */
export function WidgetCard({ widget, sortable }: { widget: Widget; sortable?: SortableBindings }) {
  const { t } = useTranslation();
  const title = t(widget.titleKey);
  const isDragging = sortable?.isDragging ?? false;
  const { token } = theme.useToken();
  const span = Math.min(Math.max(widget.colSpan ?? 1, 1), 3);
  const headingId = `fyn-widget-${widget.key}-title`;

  return (
    <section
      ref={sortable?.setNodeRef}
      aria-labelledby={headingId}
      data-widget={widget.key}
      className={`fyn-dashboard-widget fyn-dashboard-span-${span}${isDragging ? ' fyn-dashboard-widget-dragging' : ''}`}
      style={sortable?.style}
    >
      {/* Styled like antd's Card from the theme's tokens (light and dark); antd's Card would bring
          Tabs, Dropdown and Menu (~21 KB gzipped) to the dashboard's first load. */}
      <div
        className="fyn-dashboard-card"
        style={{
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
          boxShadow: isDragging ? token.boxShadow : undefined,
        }}
      >
        <div className="fyn-dashboard-card-head" style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <h2 id={headingId} className="fyn-dashboard-widget-title" style={{ color: token.colorTextHeading }}>
            {title}
          </h2>
          <button
            type="button"
            ref={sortable?.setActivatorNodeRef}
            className="fyn-dashboard-handle"
            aria-roledescription={t('dashboard.drag.role_description')}
            {...sortable?.handle}
            aria-label={t('dashboard.drag.handle', { title })}
          >
            <HolderOutlined aria-hidden="true" />
          </button>
        </div>
        <div className="fyn-dashboard-card-body">
          <WidgetBody widgetKey={widget.key} />
        </div>
      </div>
    </section>
  );
}
