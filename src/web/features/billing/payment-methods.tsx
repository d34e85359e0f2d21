import { useRef, useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Modal, Popconfirm, Skeleton } from 'antd';
import { DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { billingApi, billingKeys, refreshSessionUser, useCards, type BillingOverview } from './billing-api.ts';
import { CardFields, cardFailure, showCardFieldErrors, TestCardsHint } from './card-fields.tsx';
import { cardInput, EMPTY_CARD, type CardValues } from './card-input.ts';
import { CardLabel } from './card-label.tsx';
import { saveStripeCard, StripeCard, StripeCardRefusal, type StripeCardHandle } from './stripe-card.tsx';

function AddCardModal({
  open,
  local,
  publishableKey,
  onClose,
}: {
  open: boolean;
  local: boolean;
  publishableKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CardValues>();
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  // With Stripe the card goes into Stripe's own element (docs/architecture.md#payments).
  const stripeCard = useRef<StripeCardHandle>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const add = useMutation({
    mutationFn: (values: CardValues | null) => (values ? billingApi.addCard(cardInput(values)) : saveStripeCard(stripeCard.current)),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      feedback().message.success(t('billing.card_added'));
      // The card form exists only without Stripe (whose element holds the card).
      if (local) form.resetFields();
      onClose();
      // A new card settles an outstanding payment: the status may have changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
        queryClient.invalidateQueries({ queryKey: billingKeys.overview }),
        queryClient.invalidateQueries({ queryKey: billingKeys.invoices }),
        refreshSessionUser(),
      ]);
    },
    onError: (error) => {
      if (error instanceof StripeCardRefusal) {
        return setFailure({ title: t('billing.payment_failed'), text: error.message || t('billing.stripe_unavailable') });
      }
      const problem = cardFailure(error, t);
      if (!problem) return;
      showCardFieldErrors(form, problem.fields);
      if (problem.alert) setFailure({ title: problem.title, text: problem.alert });
    },
  });
  return (
    <Modal
      open={open}
      title={t('billing.add_card')}
      okText={t('billing.save_card')}
      cancelText={t('billing.close')}
      okButtonProps={{ disabled: !local && !stripeReady, htmlType: 'submit' }}
      confirmLoading={add.isPending}
      onOk={() => (local ? form.submit() : add.mutate(null))}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      destroyOnHidden
    >
      {local ? (
        <Form<CardValues> form={form} name="add-card" layout="vertical" requiredMark={false} initialValues={EMPTY_CARD} onFinish={(values) => add.mutate(values)}>
          {failure && <Alert type="error" showIcon title={failure.title} description={failure.text} role="alert" style={{ marginBottom: 16 }} />}
          <CardFields disabled={add.isPending} />
          <TestCardsHint />
        </Form>
      ) : (
        <>
          {failure && <Alert type="error" showIcon title={failure.title} description={failure.text} role="alert" style={{ marginBottom: 16 }} />}
          <StripeCard ref={stripeCard} publishableKey={publishableKey} disabled={add.isPending} onReadyChange={setStripeReady} />
        </>
      )}
    </Modal>
  );
}

/** Saved cards: brand, last four digits, expiry, the default; owners add, choose and delete. */
export function PaymentMethods({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  const manage = overview.can_manage;

  const failed = (error: unknown) => {
    if (isApiFailure(error) && error.status === 403) return feedback().message.error(t('billing.owners_only'));
    if (isApiFailure(error) && error.status === 402) return feedback().notification.error({ title: t('billing.payment_failed'), description: error.message });
    if (!isApiFailure(error) || !error.notified) feedback().message.error(t('errors.server'));
  };
  const makeDefault = useMutation({
    mutationFn: (id: string) => billingApi.makeDefault(id),
    onSuccess: async () => {
      feedback().message.success(t('billing.default_saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.cards }),
        queryClient.invalidateQueries({ queryKey: billingKeys.overview }),
      ]);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => billingApi.deleteCard(id),
    onSuccess: async () => {
      feedback().message.success(t('billing.card_deleted'));
      await queryClient.invalidateQueries({ queryKey: billingKeys.cards });
    },
    onError: failed,
  });

  return (
    <Flex vertical gap={16}>
      {cards.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : cards.isError ? (
        <Alert type="error" showIcon title={t('billing.load_failed')} />
      ) : cards.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.no_cards')} />
      ) : (
        <ul className="fyn-billing-cards" aria-label={t('billing.saved_cards')}>
          {cards.data.map((card) => (
            <li key={card.id} className="fyn-billing-card-row">
              <CardLabel card={card} />
              {manage && (
                <Flex gap={8} wrap>
                  {!card.is_default && (
                    <Button
                      size="small"
                      icon={<StarOutlined aria-hidden="true" />}
                      loading={makeDefault.isPending && makeDefault.variables === card.id}
                      onClick={() => makeDefault.mutate(card.id)}
                    >
                      {t('billing.make_default')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('billing.delete_card_title')}
                    description={t('billing.delete_card_text')}
                    okText={t('billing.delete')}
                    cancelText={t('billing.close')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(card.id).catch(() => undefined)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('billing.delete_card', { last4: card.last4 })}>
                      {t('billing.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <div>
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('billing.add_card')}
          </Button>
          <AddCardModal
            open={adding}
            local={overview.provider === 'local'}
            publishableKey={overview.publishable_key}
            onClose={() => setAdding(false)}
          />
        </div>
      )}
    </Flex>
  );
}
