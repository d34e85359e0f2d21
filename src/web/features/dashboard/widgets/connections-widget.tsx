import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WidgetEmpty } from './widget-empty.tsx';

/** The network comes with a later issue: no connections can exist yet. */
export function ConnectionsWidget() {
  const { t } = useTranslation();
  return (
    <WidgetEmpty
      heading={t('dashboard.connections.empty')}
      hint={t('dashboard.connections.hint')}
      action={<Link to="/connections">{t('dashboard.connections.open')}</Link>}
    />
  );
}
