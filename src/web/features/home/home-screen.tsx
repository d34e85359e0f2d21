import { Alert, Button, Card, Flex, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { logout } from '../../lib/session.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** The outbox answers outside production only; the link to /dev follows that. */
function useDeveloperToolsAvailable(): boolean {
  const { isSuccess } = useQuery({
    queryKey: ['dev', 'mail'],
    queryFn: () => api.get<unknown[]>('/dev/mail', { silent: true }),
    retry: false,
  });
  return isSuccess;
}

/** A minimal home until the dashboard arrives: greeting, logout, developer link. */
export function HomeScreen() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const welcome = useSessionStore((s) => s.welcome);
  const dismissWelcome = useSessionStore((s) => s.dismissWelcome);
  const devTools = useDeveloperToolsAvailable();
  const out = useMutation({ mutationFn: logout });

  return (
    <Flex vertical gap={24}>
      {welcome && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: dismissWelcome }}
          title={t('home.welcome_title')}
          description={t('home.welcome_text')}
        />
      )}
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
              {t('home.greeting', { name: user?.name ?? '' })}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('home.intro', { email: user?.email ?? '' })}
            </Typography.Paragraph>
          </div>
          <Button icon={<LogoutOutlined aria-hidden="true" />} onClick={() => out.mutate()} loading={out.isPending}>
            {t('auth.log_out')}
          </Button>
        </Flex>
      </Card>
      {devTools && (
        <Typography.Paragraph>
          <Link to="/dev">{t('home.developer_link')}</Link>
        </Typography.Paragraph>
      )}
    </Flex>
  );
}
