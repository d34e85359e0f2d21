import type { MouseEvent } from 'react';
import { Badge, Button, Card, Flex, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_METADATA, signUpText, type Plan } from '#shared/billing/plans.ts';
import { usePlanStore } from '../../lib/plan-store.ts';
import { formatPounds, metadataValue } from './plan-values.ts';

/** Where the plan's button leads: paid plans with an organisation carry the chosen price. */
export function planTarget(plan: Plan, isAnnual: boolean): { link: string; annual: boolean } {
  const annual = isAnnual ? plan.annualPrice !== null || plan.monthlyPrice === null : plan.monthlyPrice === null;
  if (plan.buttonText === 'plans.continue' || !plan.buttonLink.startsWith('/secure-payment')) {
    return { link: plan.buttonLink, annual };
  }
  const priceId = annual ? plan.yearlyPriceId : plan.monthlyPriceId;
  return { link: priceId ? `${plan.buttonLink}?price=${encodeURIComponent(priceId)}` : plan.buttonLink, annual };
}

const modified = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

export function PlanCard({ plan, isAnnual }: { plan: Plan; isAnnual: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const selectPlan = usePlanStore((s) => s.selectPlan);
  const free = plan.buttonText === 'plans.continue';
  const { link, annual } = planTarget(plan, isAnnual);
  const signUp = signUpText(plan, annual);
  const metadata = PLAN_METADATA.map((m) => ({ ...m, value: metadataValue(plan.metadata[m.letter], t, i18n.language) })).filter(
    (m) => m.value !== null,
  );
  const headingId = `plan-${plan.id}`;

  const card = (
    <Card
      className={`fyn-plan-card${plan.enterprise ? ' fyn-plan-enterprise' : ''}`}
      aria-labelledby={headingId}
      role="region"
    >
      <Flex vertical gap={16} className="fyn-plan-body">
        <div>
          <Typography.Title level={2} id={headingId} className="fyn-plan-name">
            {free ? t('plans.free.name') : plan.name}
          </Typography.Title>
          <p className="fyn-plan-price">
            <span className="fyn-plan-amount">{formatPounds(plan.price, i18n.language)}</span>{' '}
            <span className="fyn-plan-period">{annual ? t('pricing.per_year') : t('pricing.per_month')}</span>
          </p>
          <Typography.Text type="secondary" className="fyn-plan-sign-up">
            {/* Annual billing is a 12-month term for every plan, the free one too (docs/product.md#plans). */}
            {free && !annual ? t('pricing.no_minimum') : t(signUp.key, { count: signUp.count })}
          </Typography.Text>
        </div>
        {(free || plan.description) && (
          <Typography.Paragraph className="fyn-plan-description">
            {free ? t('plans.free.description') : plan.description}
          </Typography.Paragraph>
        )}
        <ul className="fyn-plan-features" aria-label={t('pricing.features')}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <CheckOutlined aria-hidden="true" className="fyn-plan-check" />
              <span>{plan.featuresAreKeys ? t(feature) : feature}</span>
            </li>
          ))}
        </ul>
        {metadata.length > 0 && (
          <dl className="fyn-plan-metadata" aria-label={t('pricing.details')}>
            {metadata.map((m) => (
              <div key={m.letter} className="fyn-plan-metadata-row">
                <dt>
                  <span className="fyn-plan-letter" aria-hidden="true">
                    {m.letter}
                  </span>
                  {t(`plans.metadata.${m.field}`)}
                </dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Button
          type={free ? 'default' : 'primary'}
          block
          href={link}
          className="fyn-plan-button"
          onClick={(event) => {
            selectPlan(plan.id);
            if (modified(event)) return;
            event.preventDefault();
            navigate(link);
          }}
        >
          {t(plan.buttonText)}
        </Button>
      </Flex>
    </Card>
  );

  return plan.enterprise ? (
    // The brand's darker shade (app/theme.ts PRIMARY_DARKER): white on #4788B6 itself is 3.8:1, on this 5.8:1.
    <Badge.Ribbon text={t('pricing.enterprise_badge')} color="#2f6a94">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}
