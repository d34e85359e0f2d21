import type { ReactNode } from 'react';
import { Empty, theme, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

/** An honest empty state: what is missing, when it will appear, and where to start. */
export function WidgetEmpty({ heading, hint, action }: { heading: string; hint: string; action?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Empty
      image={<InboxOutlined aria-hidden="true" style={{ fontSize: 36, color: token.colorTextQuaternary }} />}
      styles={{ image: { height: 'auto', marginBottom: 8 } }}
      description={
        <>
          <Typography.Text strong>{heading}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {hint}
          </Typography.Paragraph>
        </>
      }
    >
      {action}
    </Empty>
  );
}
