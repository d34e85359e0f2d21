import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Radio, Result, Skeleton, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import {
  billingApi,
  billingKeys,
  priceChoices,
  refreshSessionUser,
  useCards,
  useOverview,
  useProducts,
  type BillingOverview,
  type PriceChoice,
} from './billing-api.ts';
import { CardFields, cardFailure, showCardFieldErrors, TestCardsHint } from './card-fields.tsx';
import { cardInput, EMPTY_CARD, type CardValues } from './card-input.ts';
import { CardLabel } from './card-label.tsx';
import { formatMoney } from '#shared/money/format.ts';
import { StatusTag } from './status-tag.tsx';
import { saveStripeCard, StripeCard, StripeCardRefusal, type StripeCardHandle } from './stripe-card.tsx';
import './billing.css';

/** How long the success is shown before going to the billing page. */
export const SUCCESS_REDIRECT_MS = 2500;
const NEW_CARD = 'new';

interface PayValues extends CardValues {
  card: string;
}

function ChosenPlan({ choice }: { choice: PriceChoice }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'plan', label: t('billing.plan'), children: <strong>{choice.planName}</strong> },
        {
          key: 'price',
          label: t('billing.price'),
          children: `${formatMoney(choice.unitAmount, choice.currency, i18n.language)} ${
            choice.interval === 'year' ? t('pricing.per_year') : t('pricing.per_month')
          }`,
        },
        {
          key: 'term',
          label: t('billing.interval'),
          children: choice.interval === 'year' ? t('billing.interval_year') : t('billing.interval_month'),
        },
      ]}
    />
  );
}

function Paid({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/billing', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Result
      status="success"
      title={overview.status === 'active' ? t('billing.paid_title') : t('billing.awaiting_title')}
      subTitle={
        <Flex vertical align="center" gap={8}>
          <span>
            {t('billing.status_label')} <StatusTag status={overview.status} />
          </span>
          {overview.status !== 'active' && <span>{t('billing.awaiting_text')}</span>}
        </Flex>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/billing', { replace: true })}>
          {t('billing.go_to_billing')}
        </Button>
      }
    />
  );
}

function PayForm({ choice, overview, onPaid }: { choice: PriceChoice; overview: BillingOverview; onPaid: (overview: BillingOverview) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PayValues>();
  const cards = useCards();
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const local = overview.provider === 'local';
  // With Stripe a new card goes into Stripe's own element (docs/architecture.md#payments).
  const stripeCard = useRef<StripeCardHandle>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const saved = useMemo(() => cards.data ?? [], [cards.data]);
  const chosenCard = Form.useWatch('card', form) ?? NEW_CARD;

  // Once the saved cards are known, start from the default one.
  useEffect(() => {
    if (saved.length > 0 && !form.isFieldTouched('card')) {
      form.setFieldValue('card', (saved.find((c) => c.is_default) ?? saved[0])!.id);
    }
  }, [saved, form]);

  const pay = useMutation({
    mutationFn: async (values: PayValues) => {
      // Without saved cards the choice is not on the form: a new card it is.
      let paymentMethod = values.card ?? NEW_CARD;
      if (paymentMethod === NEW_CARD) {
        const card = local ? await billingApi.addCard(cardInput(values)) : await saveStripeCard(stripeCard.current);
        void queryClient.invalidateQueries({ queryKey: billingKeys.cards });
        paymentMethod = card.id;
        form.setFieldValue('card', card.id);
      }
      return billingApi.subscribe({ price_id: choice.priceId, payment_method_id: paymentMethod });
    },
    onMutate: () => setFailure(null),
    onSuccess: async (overview) => {
      queryClient.setQueryData(billingKeys.overview, overview);
      void queryClient.invalidateQueries({ queryKey: ['billing'], predicate: (q) => q.queryKey[1] !== 'products' && q.queryKey[1] !== 'subscription' });
      await refreshSessionUser();
      onPaid(overview);
    },
    onError: (error) => {
      if (isApiFailure(error) && error.code === 'already_subscribed') return navigate('/billing', { replace: true });
      if (error instanceof StripeCardRefusal) {
        return setFailure({ title: t('billing.payment_failed'), text: error.message || t('billing.stripe_unavailable') });
      }
      // A refused payment leaves the organisation as it was: its status may have moved back.
      void queryClient.invalidateQueries({ queryKey: billingKeys.overview });
      const problem = cardFailure(error, t);
      if (!problem) return;
      showCardFieldErrors(form, problem.fields);
      if (problem.alert) setFailure({ title: problem.title, text: problem.alert });
    },
  });

  if (!overview.can_manage) return <Alert type="info" showIcon title={t('billing.owners_only')} />;

  return (
    <Form<PayValues>
      form={form}
      name="secure-payment"
      layout="vertical"
      requiredMark={false}
      initialValues={{ ...EMPTY_CARD, card: NEW_CARD }}
      onFinish={(values) => pay.mutate(values)}
    >
      {failure && (
        <Alert type="error" showIcon title={failure.title} description={failure.text} role="alert" style={{ marginBottom: 24 }} />
      )}
      {saved.length > 0 && (
        <Form.Item name="card" label={t('billing.pay_with')}>
          <Radio.Group>
            <Flex vertical gap={8}>
              {saved.map((card) => (
                <Radio key={card.id} value={card.id}>
                  <CardLabel card={card} />
                </Radio>
              ))}
              <Radio value={NEW_CARD}>{t('billing.new_card')}</Radio>
            </Flex>
          </Radio.Group>
        </Form.Item>
      )}
      {chosenCard === NEW_CARD &&
        (local ? (
          <>
            <CardFields disabled={pay.isPending} />
            <div style={{ marginBottom: 24 }}>
              <TestCardsHint />
            </div>
          </>
        ) : (
          <div style={{ marginBottom: 24 }}>
            <StripeCard ref={stripeCard} publishableKey={overview.publishable_key} disabled={pay.isPending} onReadyChange={setStripeReady} />
          </div>
        ))}
      <Button
        type="primary"
        htmlType="submit"
        block
        icon={<LockOutlined aria-hidden="true" />}
        loading={pay.isPending}
        disabled={chosenCard === NEW_CARD && !local && !stripeReady}
      >
        {t('billing.pay_amount', { amount: formatMoney(choice.unitAmount, choice.currency, i18n.language) })}
      </Button>
    </Form>
  );
}

/** /secure-payment/begin?price=…: pay for the chosen plan with a new or saved card. */
export function SecurePaymentScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const priceId = params.get('price');
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const products = useProducts();
  const overview = useOverview(hasOrganisation);
  // Kept here: once paid, the overview has a subscription, and the success must stay on screen.
  const [paid, setPaid] = useState<BillingOverview | null>(null);
  const choice = useMemo(
    () => (products.data && priceId ? (priceChoices(products.data).find((c) => c.priceId === priceId) ?? null) : null),
    [products.data, priceId],
  );

  let body;
  if (paid) {
    body = <Paid overview={paid} />;
  } else if (!hasOrganisation || (isApiFailure(overview.error) && overview.error.code === 'organisation_required')) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.no_organisation')}>
        <Link to="/organisation/create">{t('billing.create_organisation')}</Link>
      </Empty>
    );
  } else if (!priceId) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.no_price')}>
        <Link to="/pricing">{t('billing.see_plans')}</Link>
      </Empty>
    );
  } else if (products.isPending || overview.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (products.isError || overview.isError) {
    body = <Alert type="error" showIcon title={t('billing.load_failed')} />;
  } else if (!choice) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.unknown_price')}>
        <Link to="/pricing">{t('billing.see_plans')}</Link>
      </Empty>
    );
  } else if (overview.data.subscription) {
    body = (
      <Result
        status="info"
        title={t('billing.already_subscribed')}
        extra={<Link to="/billing">{t('billing.go_to_billing')}</Link>}
      />
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        <ChosenPlan choice={choice} />
        <PayForm choice={choice} overview={overview.data} onPaid={setPaid} />
      </Flex>
    );
  }

  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('titles.secure_payment')}
      </Typography.Title>
      <Card className="fyn-billing-narrow">{body}</Card>
    </section>
  );
}
