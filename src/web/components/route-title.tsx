import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../lib/route-context.ts';

/** A screen's heading: the current route's title, as in the menu, breadcrumb and document title. */
export function RouteTitle() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <Typography.Title level={1} className="fyn-page-title">
      {route ? t(route.titleKey) : ''}
    </Typography.Title>
  );
}
