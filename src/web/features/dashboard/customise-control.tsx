import { useId, useState } from 'react';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WIDGET_KEYS, type Widget, type WidgetKey } from '#shared/dashboard/widget-rules.ts';

/** "Customise": one checkbox per widget (connections included), in the default order. */
export function CustomiseControl({ widgets, onToggle }: { widgets: Widget[]; onToggle: (key: WidgetKey, visible: boolean) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const byKey = new Map(widgets.map((w) => [w.key, w]));

  const panel = (
    <div id={panelId} role="group" aria-labelledby={headingId}>
      <Typography.Text strong id={headingId}>
        {t('dashboard.customise.heading')}
      </Typography.Text>
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        {WIDGET_KEYS.map((key) => {
          const widget = byKey.get(key);
          if (!widget) return null;
          return (
            <Checkbox key={key} checked={widget.visible} onChange={(e) => onToggle(key, e.target.checked)}>
              {t(widget.titleKey)}
            </Checkbox>
          );
        })}
      </Flex>
    </div>
  );

  return (
    <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button icon={<AppstoreOutlined aria-hidden="true" />} aria-expanded={open} aria-controls={open ? panelId : undefined}>
        {t('dashboard.customise.button')}
      </Button>
    </Popover>
  );
}
