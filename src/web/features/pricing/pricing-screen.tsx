import { useMemo } from 'react';
import { Alert, Button, Col, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { plansFromProducts } from '#shared/billing/plans.ts';
import { usePlanStore } from '../../lib/plan-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { PlanCard } from './plan-card.tsx';
import { useBillingConfig, useProducts } from './plans-query.ts';
import './pricing-screen.css';

/** /pricing (pricing layout, open to everybody): the free plan and the provider's paid plans. */
export function PricingScreen() {
  const { t } = useTranslation();
  const isAnnual = usePlanStore((s) => s.isAnnual);
  const setAnnual = usePlanStore((s) => s.setAnnual);
  const hasOrganisation = useSessionStore((s) => Boolean(s.isLoggedIn && s.user?.organisation));
  const products = useProducts();
  const config = useBillingConfig();
  // Without the server's settings the plans still show; only none of them is marked enterprise.
  const enterpriseProductId = config.data?.enterprise_product_id ?? null;
  const plans = useMemo(
    () => (products.data && !config.isPending ? plansFromProducts(products.data, { isAnnual, hasOrganisation, enterpriseProductId }) : []),
    [products.data, config.isPending, isAnnual, hasOrganisation, enterpriseProductId],
  );

  return (
    <section className="fyn-pricing">
      <Flex vertical align="center" gap={16} className="fyn-pricing-head">
        <Typography.Title level={1} className="fyn-pricing-title">
          {t('titles.pricing')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="fyn-pricing-intro">
          {t('pricing.intro')}
        </Typography.Paragraph>
        <Segmented
          aria-label={t('pricing.billing_period')}
          value={isAnnual ? 'year' : 'month'}
          onChange={(value) => setAnnual(value === 'year')}
          options={[
            { value: 'month', label: t('pricing.monthly') },
            { value: 'year', label: t('pricing.annual') },
          ]}
        />
      </Flex>
      {products.isPending || config.isPending ? (
        <Row gutter={[24, 24]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={12} xl={6}>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Col>
          ))}
        </Row>
      ) : products.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('pricing.load_failed')}
          action={<Button onClick={() => void products.refetch()}>{t('common.refresh')}</Button>}
        />
      ) : (
        <Row gutter={[24, 24]} align="stretch">
          {plans.map((plan) => (
            <Col key={plan.id} xs={24} md={12} xl={24 / Math.min(plans.length, 4)}>
              <PlanCard plan={plan} isAnnual={isAnnual} />
            </Col>
          ))}
        </Row>
      )}
      <Typography.Paragraph type="secondary" className="fyn-pricing-note">
        {t('pricing.vat_note')}
      </Typography.Paragraph>
    </section>
  );
}
