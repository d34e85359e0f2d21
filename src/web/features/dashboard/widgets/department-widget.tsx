import { Link } from 'react-router';
import { Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '#shared/api/staff.ts';
import { api } from '../../../lib/api-client.ts';
import { isApiFailure } from '../../../lib/api-failure.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WidgetEmpty } from './widget-empty.tsx';

type Department = { id: string; name: string };

/** The organisation's departments with their active members (control-centre records). */
export function DepartmentWidget() {
  const { t } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const canView = useSessionStore((s) => s.user?.permissions.includes('control_centre.view') ?? false);
  const query = useQuery({
    queryKey: ['dashboard', 'departments'],
    enabled: hasOrganisation && canView,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const [departments, staff] = await Promise.all([
        api.list<Department>('/departments', { params: { per_page: 100, sort: 'name' }, silent: true }),
        api.get<StaffMember[]>('/staff', { silent: true }),
      ]);
      return departments.data.map((d) => ({ ...d, members: staff.filter((s) => s.department_id === d.id && s.status === 'active').length }));
    },
  });

  if (!hasOrganisation) {
    return <WidgetEmpty heading={t('dashboard.department.empty')} hint={t('dashboard.department.needs_organisation')} action={<Link to="/organisation/create">{t('dashboard.create_organisation')}</Link>} />;
  }
  if (!canView || (query.isError && isApiFailure(query.error) && query.error.status === 403)) {
    return <WidgetEmpty heading={t('dashboard.department.not_allowed')} hint={t('dashboard.department.not_allowed_hint')} />;
  }
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (query.isError) return <WidgetEmpty heading={t('dashboard.department.load_failed')} hint="" />;
  if (query.data.length === 0) {
    return (
      <WidgetEmpty
        heading={t('dashboard.department.empty')}
        hint={t('dashboard.department.hint')}
        action={<Link to="/organisation/control-centre/departments">{t('dashboard.department.open')}</Link>}
      />
    );
  }
  return (
    <div>
      <ul className="fyn-widget-list">
        {query.data.slice(0, 6).map((d) => (
          <li key={d.id}>
            <span>{d.name}</span>
            <Typography.Text type="secondary">{t('dashboard.department.members', { count: d.members })}</Typography.Text>
          </li>
        ))}
      </ul>
      <Link to="/organisation/control-centre/departments">{t('dashboard.department.all')}</Link>
    </div>
  );
}
