import './control-centre.css';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiFailure } from '../../lib/api-failure.ts';
import { ccApi, ccKeys } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { RESOURCES } from '#shared/resources/registry.ts';

export const CONTROL_CENTRE_PATH = '/organisation/control-centre';

/** The areas of the control centre: where each lives and which record counts it shows. */
export const AREAS: readonly { path: string; titleKey: string; counts: readonly string[] }[] = [
  { path: 'staff', titleKey: 'titles.cc_staff', counts: ['staff'] },
  { path: 'roles-and-permissions', titleKey: 'titles.cc_roles_and_permissions', counts: ['roles'] },
  { path: 'departments', titleKey: 'titles.cc_departments', counts: ['departments'] },
  { path: 'addresses', titleKey: 'titles.cc_addresses', counts: ['addresses'] },
  { path: 'bank-details', titleKey: 'titles.cc_bank_details', counts: ['bank-details'] },
  { path: 'default-currencies', titleKey: 'titles.cc_default_currencies', counts: ['organisation-currencies', 'exchange-rates'] },
  { path: 'charge-code', titleKey: 'titles.cc_charge_code', counts: ['charge-codes'] },
  { path: 'partner', titleKey: 'titles.cc_partner', counts: ['partners'] },
  { path: 'tiers', titleKey: 'titles.cc_tiers', counts: ['client-tiers'] },
  { path: 'client-assignment', titleKey: 'titles.cc_client_assignment', counts: ['client-assignments'] },
  { path: 'commission-management', titleKey: 'titles.cc_commission_management', counts: ['commissions'] },
  { path: 'work-classification', titleKey: 'titles.cc_work_classification', counts: ['work-classifications', 'work-allocations'] },
  { path: 'tasks', titleKey: 'titles.cc_tasks', counts: ['task-templates'] },
  { path: 'standards-and-certifications', titleKey: 'titles.cc_standards_and_certifications', counts: ['standards-certifications'] },
  { path: 'supply-chain-and-logistics', titleKey: 'titles.cc_supply_chain_and_logistics', counts: ['supply-chain-networks'] },
  { path: 'rate-management', titleKey: 'titles.cc_rate_management', counts: ['rates'] },
  { path: 'rms', titleKey: 'titles.cc_rms', counts: ['sell-rules'] },
  { path: 'reference-lists', titleKey: 'titles.cc_reference_lists', counts: ['transport-modes', 'incoterms', 'equipment-types', 'directions', 'load-types', 'clocks'] },
];

/**
 * The control centre's front page: the organisation (passed in by the app, which composes
 * features) and one card per area with how many records it holds.
 */
export function ControlCentreScreen({ profile }: { profile?: ReactNode }) {
  const { t } = useCcTranslation();
  const summary = useQuery({ queryKey: ccKeys.summary, queryFn: ccApi.summary });
  const forbidden = summary.isError && isApiFailure(summary.error) && summary.error.status === 403;

  const countLine = (name: string) => {
    const title = name === 'staff' ? t('staff.members') : name === 'rates' ? t('control_centre.buy_rates') : t(RESOURCES.find((d) => d.name === name)?.titleKey ?? name);
    const count = summary.data?.[name] ?? 0;
    return (
      <li key={name}>
        {count === 0 ? t('control_centre.count_none', { title }) : t('control_centre.count', { title, count })}
      </li>
    );
  };

  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('titles.control_centre')}
      </Typography.Title>
      <Typography.Paragraph className="fyn-secondary">{t('control_centre.intro')}</Typography.Paragraph>
      {profile && <div className="fyn-cc-profile">{profile}</div>}
      {forbidden && (
        <Alert type="warning" showIcon title={t('control_centre.not_allowed_title')} description={t('control_centre.not_allowed_view')} style={{ marginBottom: 24 }} />
      )}
      {summary.isError && !forbidden && (
        <Alert
          type="error"
          showIcon
          title={t('control_centre.load_failed')}
          action={<Button onClick={() => void summary.refetch()}>{t('common.refresh')}</Button>}
          style={{ marginBottom: 24 }}
        />
      )}
      <Row gutter={[16, 16]}>
        {AREAS.map((area) => (
          <Col key={area.path} xs={24} sm={12} xl={8}>
            <Card
              size="small"
              className="fyn-cc-area"
              title={<Link to={`${CONTROL_CENTRE_PATH}/${area.path}`}>{t(area.titleKey)}</Link>}
            >
              {summary.isPending ? (
                <Skeleton active paragraph={false} title={{ width: '60%' }} />
              ) : summary.isError ? (
                <span className="fyn-secondary">—</span>
              ) : (
                <ul className="fyn-cc-counts">{area.counts.map(countLine)}</ul>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
