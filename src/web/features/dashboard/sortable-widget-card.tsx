import { theme } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { Widget } from '#shared/dashboard/widget-rules.ts';
import { WidgetBody } from './widget-body.tsx';

/**
 * One widget's card in the grid. Its handle (a button) picks it up: by pointer, or by
 * keyboard (Space / Enter, arrows, Space / Enter again, Escape to cancel).
 */
export function SortableWidgetCard({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const title = t(widget.titleKey);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: widget.key,
    attributes: { roleDescription: t('dashboard.drag.role_description') },
  });
  const { token } = theme.useToken();
  const span = Math.min(Math.max(widget.colSpan ?? 1, 1), 3);
  const headingId = `fyn-widget-${widget.key}-title`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-widget={widget.key}
      className={`fyn-dashboard-widget fyn-dashboard-span-${span}${isDragging ? ' fyn-dashboard-widget-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
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
            ref={setActivatorNodeRef}
            className="fyn-dashboard-handle"
            {...attributes}
            {...listeners}
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
