import { Alert, Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { hrApi, hrKeys, type HrPerson } from '../../lib/hr-api.ts';
import { MyHr } from './my-hr.tsx';
import { useHrTranslation } from './hr-texts.ts';

/**
 * /organisation/hr: headcount by department and country, joiners and leavers, who is on leave
 * today, contracts and probations ending within 30 days (with `hr.view`); everyone else sees their
 * own contract and leave.
 */
export function HrHomeScreen() {
  const { t, i18n } = useHrTranslation();
  const summary = useQuery({ queryKey: hrKeys.summary, queryFn: hrApi.summary, retry: false });
  const forbidden = summary.isError && isApiFailure(summary.error) && summary.error.status === 403;
  const day = (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const s = summary.data;
  const people = <T extends HrPerson>(title: string, rows: T[] | undefined, extra: (r: T) => string, empty: string) => (
    <Card size="small" title={title} loading={summary.isPending}>
      {rows?.length ? (
        <List size="small" dataSource={rows} renderItem={(r) => <List.Item><span><strong>{r.name}</strong> · {r.job_title}</span><Typography.Text type="secondary">{extra(r)}</Typography.Text></List.Item>} />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
    </Card>
  );
  return (
    <section className="fyn-page">
      <RouteTitle />
      {forbidden ? (
        <>
          <Alert type="info" showIcon title={t('home.own_only')} style={{ marginBottom: 16 }} />
          <MyHr />
        </>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Card size="small" loading={summary.isPending}>
              <Statistic title={t('home.headcount')} value={s?.headcount ?? 0} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                <Link to="/organisation/hr/contracts">{t('home.contracts_link')}</Link> · <Link to="/organisation/hr/leave-management">{t('home.leave_link')}</Link>
              </Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" title={t('home.by_department')} loading={summary.isPending}>
              {s?.by_department.map((d) => <div key={d.department ?? '-'}>{d.department ?? t('home.no_department')}: <strong>{d.count}</strong></div>)}
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" title={t('home.by_country')} loading={summary.isPending}>
              {s?.by_country.map((c) => <Tag key={c.country}>{`${c.country} · ${c.count}`}</Tag>)}
            </Card>
          </Col>
          <Col xs={24} md={12}>{people(t('home.on_leave_today'), s?.on_leave_today, (r) => `${r.leave_type} · ${t('home.until', { date: day(r.until) })}`, t('home.nobody_on_leave'))}</Col>
          <Col xs={24} md={12}>{people(t('home.contracts_ending'), s?.contracts_ending, (r) => day(r.end_date), t('home.none_ending'))}</Col>
          <Col xs={24} md={12}>{people(t('home.probations_ending'), s?.probations_ending, (r) => day(r.probation_end), t('home.none_ending'))}</Col>
          <Col xs={24} md={12}>{people(t('home.joiners'), s?.joiners, (r) => day(r.start_date), t('home.no_joiners'))}</Col>
          <Col xs={24} md={12}>{people(t('home.leavers'), s?.leavers, (r) => day(r.end_date), t('home.no_leavers'))}</Col>
        </Row>
      )}
    </section>
  );
}
