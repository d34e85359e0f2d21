import { Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          {t('titles.not_found')}
        </Typography.Title>
      }
      subTitle={t('not_found.text')}
      extra={<Link to="/">{t('common.back_home')}</Link>}
    />
  );
}
