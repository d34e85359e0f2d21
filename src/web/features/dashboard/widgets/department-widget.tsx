import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

/** No departments API exists yet. */
export function DepartmentWidget() {
  const { t } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  return (
    <WidgetEmpty
      heading={t('dashboard.department.empty')}
      hint={t(hasOrganisation ? 'dashboard.department.hint' : 'dashboard.department.needs_organisation')}
      action={
        hasOrganisation ? (
          <Link to="/organisation/control-centre/departments">{t('dashboard.department.open')}</Link>
        ) : (
          <Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>
        )
      }
    />
  );
}
