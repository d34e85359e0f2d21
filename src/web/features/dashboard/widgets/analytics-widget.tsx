import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

/** No analytics API exists yet: say so, and point a user without an organisation to one. */
export function AnalyticsWidget() {
  const { t } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  return (
    <WidgetEmpty
      heading={t('dashboard.analytics.empty')}
      hint={t('dashboard.analytics.hint')}
      action={hasOrganisation ? undefined : <Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>}
    />
  );
}
