import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#shared/money/format.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { billingApi, billingKeys, useOverview, type BillingOverview, type Subscription } from './billing-api.ts';
import { ChangePlan } from './change-plan.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { formatDate } from './money.ts';
import { PaymentMethods } from './payment-methods.tsx';
import { StatusHistory } from './status-history.tsx';
import { StatusTag } from './status-tag.tsx';
import { useApplyOverview } from './use-billing-change.ts';
import './billing.css';

function CancelResume({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const applyOverview = useApplyOverview();
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => {
    if (isApiFailure(error) && error.status === 403) return setProblem(t('billing.owners_only'));
    if (isApiFailure(error) && error.status < 500 && error.status > 0) return setProblem(error.message);
    if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
  };
  const cancel = useMutation({
    mutationFn: billingApi.cancel,
    onMutate: () => setProblem(null),
    onSuccess: async (overview) => {
      feedback().message.success(t('billing.cancelled'));
      await applyOverview(overview);
    },
    onError: failed,
  });
  const resume = useMutation({
    mutationFn: billingApi.resume,
    onMutate: () => setProblem(null),
    onSuccess: async (overview) => {
      feedback().message.success(t('billing.resumed'));
      await applyOverview(overview);
    },
    onError: failed,
  });
  const end = formatDate(subscription.current_period_end, i18n.language);
  return (
    <Flex vertical gap={12}>
      {modalHolder}
      {subscription.cancel_at_period_end ? (
        <Button icon={<UndoOutlined aria-hidden="true" />} loading={resume.isPending} onClick={() => resume.mutate()}>
          {t('billing.resume')}
        </Button>
      ) : (
        <Button
          danger
          icon={<StopOutlined aria-hidden="true" />}
          loading={cancel.isPending}
          onClick={() =>
            modal.confirm({
              title: t('billing.cancel_title'),
              content: t('billing.cancel_text', { date: end }),
              okText: t('billing.cancel_confirm'),
              okButtonProps: { danger: true },
              cancelText: t('billing.keep_plan'),
              onOk: () => cancel.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('billing.cancel')}
        </Button>
      )}
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Flex>
  );
}

function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sub = overview.subscription;
  if (!sub) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.no_subscription')}>
        <Link to="/pricing">{t('billing.see_plans')}</Link>
      </Empty>
    );
  }
  const end = formatDate(sub.current_period_end, language);
  return (
    <Flex vertical gap={16}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        items={[
          { key: 'plan', label: t('billing.plan'), children: <strong>{sub.plan_name}</strong> },
          {
            key: 'interval',
            label: t('billing.interval'),
            children: sub.interval === 'year' ? t('billing.interval_year') : t('billing.interval_month'),
          },
          {
            key: 'price',
            label: t('billing.price'),
            children: `${formatMoney(sub.unit_amount, 'gbp', language)} ${sub.interval === 'year' ? t('pricing.per_year') : t('pricing.per_month')}`,
          },
          {
            key: 'end',
            label: sub.cancel_at_period_end ? t('billing.ends') : t('billing.renews'),
            children: sub.cancel_at_period_end ? (
              <Tag color="orange">{t('billing.cancels_on', { date: end })}</Tag>
            ) : (
              end
            ),
          },
        ]}
      />
      {overview.can_manage && (
        <Flex gap={24} wrap align="flex-start" justify="space-between">
          {!sub.cancel_at_period_end && <ChangePlan subscription={sub} />}
          <CancelResume subscription={sub} />
        </Flex>
      )}
    </Flex>
  );
}

function UpcomingInvoice() {
  const { t, i18n } = useTranslation();
  const upcoming = useQuery({ queryKey: billingKeys.upcoming, queryFn: billingApi.upcomingInvoice });
  if (upcoming.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (upcoming.isError) return <Alert type="error" showIcon title={t('billing.load_failed')} />;
  if (!upcoming.data) return <Typography.Text type="secondary">{t('billing.no_upcoming')}</Typography.Text>;
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      items={[
        {
          key: 'amount',
          label: t('billing.amount'),
          children: <strong>{formatMoney(upcoming.data.amount_due, upcoming.data.currency, i18n.language)}</strong>,
        },
        { key: 'date', label: t('billing.date'), children: formatDate(upcoming.data.period_start, i18n.language) },
      ]}
    />
  );
}

function NoOrganisation() {
  const { t } = useTranslation();
  return (
    <Card>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.no_organisation')}>
        <Link to="/organisation/create">{t('billing.create_organisation')}</Link>
      </Empty>
    </Card>
  );
}

/** /billing: the organisation's status, subscription, next invoice, cards, invoices and history. */
export function BillingScreen() {
  const { t } = useTranslation();
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const overview = useOverview(hasOrganisation);
  const noOrganisation =
    !hasOrganisation || (isApiFailure(overview.error) && overview.error.code === 'organisation_required');

  let body;
  if (noOrganisation) body = <NoOrganisation />;
  else if (overview.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (overview.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('billing.load_failed')}
        action={<Button onClick={() => void overview.refetch()}>{t('common.refresh')}</Button>}
      />
    );
  else {
    const data = overview.data;
    body = (
      <Flex vertical gap={24}>
        {!data.can_manage && <Alert type="info" showIcon title={t('billing.owners_only')} />}
        <Card title={t('billing.status_title')}>
          <Flex gap={16} align="center" wrap>
            <span>
              {t('billing.status_label')} <StatusTag status={data.status} />
            </span>
            <span>
              {t('billing.premium')}{' '}
              <Tag color={data.premium ? 'blue' : 'default'}>{data.premium ? t('billing.premium_yes') : t('billing.premium_no')}</Tag>
            </span>
          </Flex>
        </Card>
        <Card title={t('billing.subscription_title')}>
          <SubscriptionCard overview={data} />
        </Card>
        <Card title={t('billing.upcoming_title')}>
          <UpcomingInvoice />
        </Card>
        <Card title={t('billing.cards_title')}>
          <PaymentMethods overview={data} />
        </Card>
        <Card title={t('billing.invoices_title')}>
          <InvoicesTable />
        </Card>
        <Card title={t('billing.history_title')}>
          <StatusHistory history={data.history} />
        </Card>
      </Flex>
    );
  }

  return (
    <section className="fyn-page">
      <Typography.Title level={1} className="fyn-page-title">
        {t('billing.title')}
      </Typography.Title>
      {body}
    </section>
  );
}
