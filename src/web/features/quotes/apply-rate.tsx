import { Button, Empty, List, Modal, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Quote } from '#shared/api/quotes.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { rateKeys, ratesApi } from '../../lib/quotes-api.ts';
import { Money } from './quote-bits.tsx';
import { useSalesTranslation } from './sales-texts.ts';

/** The buy rates valid for a draft quote's lane and day, cheapest first for its cargo; choosing one fills its charges with the sell rules' markup. */
export function ApplyRateButton({ q, onApplied }: { q: Quote; onApplied: (q: Quote) => void }) {
  const { t } = useSalesTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const params: Record<string, string | number> = {
    origin: q.origin, destination: q.destination, mode: q.mode, date: q.quote_date, currency: q.currency, weight_kg: q.weight_kg, volume_cbm: q.volume_cbm,
    packages: q.cargo.reduce((n, c) => n + c.packages, 0),
    ...(q.equipment.length && { equipment: q.equipment[0].iso_type, containers: q.equipment.reduce((n, e) => n + e.count, 0) }),
  };
  const found = useQuery({ queryKey: rateKeys.search(params), queryFn: () => ratesApi.search(params), enabled: open });
  async function apply(rateId: string) {
    setBusy(rateId);
    try {
      const next = await ratesApi.apply(q.id, rateId);
      setOpen(false);
      feedback().message.success(t('rates.applied'));
      onApplied(next);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('rates.apply')}</Button>
      <Modal open={open} title={t('rates.apply_title', { lane: `${q.origin} → ${q.destination}` })} footer={null} onCancel={() => setOpen(false)} width={720} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('rates.apply_hint')}</Typography.Paragraph>
        {found.isPending ? (
          <Skeleton active />
        ) : !found.data?.length ? (
          <Empty description={t('rates.none_valid')} />
        ) : (
          <List
            dataSource={found.data}
            renderItem={(r) => (
              <List.Item
                actions={[
                  <Button key="use" type="primary" loading={busy === r.id} onClick={() => apply(r.id)}>
                    {t('rates.use')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${r.carrier}${r.equipment ? ` · ${r.equipment}` : ''}`}
                  description={`${r.valid_from} – ${r.valid_until}${r.transit_days !== null ? ` · ${t('rates.days', { count: r.transit_days })}` : ''}${r.reference ? ` · ${r.reference}` : ''}`}
                />
                {r.total_minor === null ? <Typography.Text type="secondary">{t('rates.no_total')}</Typography.Text> : <strong><Money minor={r.total_minor} currency={r.currency} /></strong>}
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
