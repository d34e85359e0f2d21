import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Table, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#shared/money/format.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { billingApi, priceChoices, useProducts, type InvoicePreview, type Subscription } from './billing-api.ts';
import { formatDate } from './money.ts';
import { useApplyOverview } from './use-billing-change.ts';

/** Pick another price, see what it costs now (proration), then confirm. Owners only. */
export function ChangePlan({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const products = useProducts();
  const applyOverview = useApplyOverview();
  const [priceId, setPriceId] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState<InvoicePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const options = useMemo(
    () =>
      priceChoices(products.data ?? [])
        .filter((c) => c.priceId !== subscription.price_id)
        .map((c) => ({
          value: c.priceId,
          label: `${c.planName} · ${formatMoney(c.unitAmount, c.currency, language)} ${
            c.interval === 'year' ? t('pricing.per_year') : t('pricing.per_month')
          }`,
        })),
    [products.data, subscription.price_id, language, t],
  );
  const chosenLabel = options.find((o) => o.value === priceId)?.label ?? '';

  const failed = (error: unknown) => {
    if (isApiFailure(error) && (error.status === 402 || error.status === 409 || error.status === 422)) return setProblem(error.message);
    if (isApiFailure(error) && error.status === 403) return setProblem(t('billing.owners_only'));
    if (!isApiFailure(error) || !error.notified) setProblem(t('errors.server'));
  };
  const previewCall = useMutation({
    mutationFn: (id: string) => billingApi.previewChange(id),
    onMutate: () => setProblem(null),
    onSuccess: setPreview,
    onError: failed,
  });
  const change = useMutation({
    mutationFn: (id: string) => billingApi.changePlan(id),
    onMutate: () => setProblem(null),
    onSuccess: async (overview) => {
      setPreview(null);
      setPriceId(undefined);
      feedback().message.success(t('billing.plan_changed'));
      await applyOverview(overview);
    },
    onError: failed,
  });

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <Select
          aria-label={t('billing.new_plan')}
          placeholder={t('billing.new_plan')}
          options={options}
          value={priceId}
          onChange={setPriceId}
          loading={products.isPending}
          style={{ minWidth: 280 }}
        />
        <Button
          icon={<SwapOutlined aria-hidden="true" />}
          disabled={!priceId}
          loading={previewCall.isPending}
          onClick={() => priceId && previewCall.mutate(priceId)}
        >
          {t('billing.change_plan')}
        </Button>
      </Flex>
      {problem && !preview && <Alert type="error" showIcon title={problem} role="alert" />}
      <Modal
        open={preview !== null}
        title={t('billing.change_confirm_title', { plan: chosenLabel })}
        okText={t('billing.change_confirm')}
        cancelText={t('billing.keep_plan')}
        confirmLoading={change.isPending}
        onOk={() => priceId && change.mutate(priceId)}
        onCancel={() => {
          setPreview(null);
          setProblem(null);
        }}
        width={640}
        destroyOnHidden
      >
        {preview && (
          <Flex vertical gap={16}>
            <Typography.Paragraph>{t('billing.change_explain')}</Typography.Paragraph>
            <Table
              size="small"
              pagination={false}
              rowKey={(line) => `${line.description}-${line.period_start}-${line.amount}`}
              dataSource={preview.lines}
              columns={[
                {
                  key: 'description',
                  title: t('billing.line'),
                  render: (_v, line) => (
                    <Flex gap={8} wrap>
                      <span>{line.description}</span>
                      {line.proration && <Tag>{t('billing.proration')}</Tag>}
                    </Flex>
                  ),
                },
                {
                  key: 'period',
                  title: t('billing.period'),
                  render: (_v, line) => `${formatDate(line.period_start, language)} – ${formatDate(line.period_end, language)}`,
                },
                {
                  key: 'amount',
                  title: t('billing.amount'),
                  align: 'right',
                  render: (_v, line) => (
                    <span className={line.amount < 0 ? 'fyn-billing-credit' : undefined}>
                      {formatMoney(line.amount, preview.currency, language)}
                    </span>
                  ),
                },
              ]}
            />
            <Flex justify="space-between" className="fyn-billing-total">
              <strong>{t('billing.due_now')}</strong>
              <strong data-testid="amount-due">{formatMoney(preview.amount_due, preview.currency, language)}</strong>
            </Flex>
            {problem && <Alert type="error" showIcon title={problem} role="alert" />}
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
