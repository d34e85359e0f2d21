import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connectionKeys, connectionsApi, type ConnectionTab } from '../../../lib/connections-api.ts';
import { WidgetEmpty } from './widget-empty.tsx';

const SHOWN: ConnectionTab[] = ['connected', 'invitations', 'requested'];

/** The user's own network at a glance: connections, invitations to answer, requests sent. */
export function ConnectionsWidget() {
  const { t } = useTranslation();
  const counts = useQuery({ queryKey: connectionKeys.counts('user'), queryFn: () => connectionsApi.counts('user'), staleTime: 30_000, retry: false });
  const open = <Link to="/connections">{t('dashboard.connections.open')}</Link>;
  if (counts.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (counts.isError) return <WidgetEmpty heading={t('connections.load_failed')} hint="" action={open} />;
  if (SHOWN.every((k) => counts.data[k] === 0)) {
    return <WidgetEmpty heading={t('dashboard.connections.empty')} hint={t('dashboard.connections.hint')} action={open} />;
  }
  return (
    <div className="fyn-widget-connections">
      <dl className="fyn-widget-figures">
        {SHOWN.map((k) => (
          <div key={k}>
            <dt>{t(`connections.tabs.${k}`)}</dt>
            <dd>{counts.data[k]}</dd>
          </div>
        ))}
      </dl>
      {open}
    </div>
  );
}
