import type { ReactNode } from 'react';
import { Button, Flex, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { RouteTitle } from '../../components/route-title.tsx';
import { useCcTranslation } from './cc-texts.ts';
import { openInviteForm } from './staff-drawers.ts';
import { usePermissions } from './use-permissions.ts';

/** The head of the staff list and of the invitations: the title, a way to the other screen, and "Invite" for those who may. */
export function StaffHead({ children }: { children: ReactNode }) {
  const { t } = useCcTranslation();
  const { can } = usePermissions();
  return (
    <Flex justify="space-between" align="center" gap={16} wrap className="fyn-cc-head">
      <RouteTitle />
      <Space wrap>
        {children}
        {can('staff', 'create') && (
          <Button type="primary" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => openInviteForm()}>
            {t('staff.invite')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
