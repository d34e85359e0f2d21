import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

/** No leads API exists yet. The CRM belongs to an organisation (its route needs one). */
export function CrmWidget() {
  const { t } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  return (
    <WidgetEmpty
      heading={t('dashboard.crm.empty')}
      hint={t(hasOrganisation ? 'dashboard.crm.hint' : 'dashboard.crm.needs_organisation')}
      action={
        hasOrganisation ? (
          <Link to="/organisation/crm">{t('dashboard.crm.open')}</Link>
        ) : (
          <Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>
        )
      }
    />
  );
}
