import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Progress, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AiQuoteDraft, QuoteDraftField } from '#shared/api/ai.ts';
import { QUOTE_DRAFT_FIELDS } from '#shared/api/ai.ts';
import { aiApi, aiKeys, newRequestId } from '../../lib/ai-api.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { textNamespace } from '../../lib/text-namespace.ts';

// The assistant's texts (src/web/locales/<lang>/ai.json), loaded with this dialog.
const texts = textNamespace('ai', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/ai.json'));
await texts.ready;

/** A field's value as the person reads it. */
function shown(draft: AiQuoteDraft, field: QuoteDraftField, none: string): string {
  const f = draft.fields;
  switch (field) {
    case 'client': return f.client ? `${f.client.name}${f.client.email ? ` <${f.client.email}>` : ''}` : none;
    case 'origin': case 'destination': { const p = f[field]; return p ? `${p.code} ${p.name}` : none; }
    case 'cargo': return f.cargo.length ? f.cargo.map((c) => [c.packages && `${c.packages} × ${c.package_type ?? ''}`, c.length_cm && `${c.length_cm}×${c.width_cm}×${c.height_cm} cm`, c.gross_weight_kg && `${c.gross_weight_kg} kg`, c.volume_cbm && `${c.volume_cbm} cbm`].filter(Boolean).join(', ')).join('; ') : none;
    case 'equipment': return f.equipment.length ? f.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ') : none;
    default: return (f[field] as string | null) ?? none;
  }
}

const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * "Draft from e-mail" on the quotation list: paste an enquiry (or open an .eml/.txt file), see what
 * it costs, read it, check each field beside the words it came from, and make a draft quote the
 * person completes. Nothing is sent. The list shows the button and mounts this dialog when it is
 * first pressed (this module loads then); it stays mounted, so a closed dialog reopens as it was.
 */
export function QuoteDraftDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = texts.useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [problem, setProblem] = useState<string | null>(null);
  const prices = useQuery({ queryKey: aiKeys.prices, queryFn: aiApi.prices, enabled: open });
  const read = useMutation({
    mutationFn: () => aiApi.quoteDraft(text, requestId),
    onMutate: () => setProblem(null),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.all }),
    onError: (error) => {
      if (isApiFailure(error) && error.status === 402) return setProblem(error.message);
      if (isApiFailure(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    },
  });
  const draft = read.data;
  const create = useMutation({
    mutationFn: async () => {
      const f = draft!.fields;
      return quotesApi.create({
        client: { type: f.client!.type!, id: f.client!.id! }, mode: f.mode ?? 'sea_fcl', incoterm: f.incoterm, origin: f.origin!.code, destination: f.destination!.code,
        currency: 'GBP', valid_until: plusDays(30), equipment: f.equipment,
        notes: [f.commodity, f.ready_date && `${t('draft.fields.ready_date')}: ${f.ready_date}`, f.notes].filter(Boolean).join('\n') || null,
      });
    },
    onSuccess: async (quote) => {
      feedback().message.success(t('draft.created', { number: quote.number }));
      await client.invalidateQueries({ queryKey: quoteKeys.all });
      onClose();
      navigate(`/organisation/crm/quotation-management/${quote.id}`);
    },
    onError: (error) => {
      if (isApiFailure(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    },
  });
  const restart = () => {
    read.reset();
    setRequestId(newRequestId());
    setProblem(null);
  };
  const cost = prices.data ? prices.data.features.find((f) => f.feature === 'quote_draft')?.[prices.data.engine.kind] : null;
  const ready = draft && draft.fields.client?.id && draft.fields.origin && draft.fields.destination;
  return (
    <>
      <Modal open={open} title={t('draft.title')} width={860} onCancel={onClose} footer={null} destroyOnHidden>
        <Flex vertical gap={12}>
          {problem && <Alert type="warning" showIcon title={problem} />}
          {!draft ? (
            <>
              <Input.TextArea aria-label={t('draft.paste')} placeholder={t('draft.paste')} rows={10} value={text} maxLength={20_000} onChange={(e) => { setText(e.target.value); restart(); }} />
              <input
                type="file"
                accept=".eml,.txt,message/rfc822,text/plain"
                aria-label={t('draft.file')}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  if (file) { setText((await file.text()).slice(0, 20_000)); restart(); }
                }}
              />
              {cost != null && <Typography.Text type="secondary">{t('draft.cost', { count: cost, engine: t(prices.data!.engine.kind === 'builtin' ? 'price_builtin' : 'price_provider') })}</Typography.Text>}
              <Button type="primary" disabled={!text.trim()} loading={read.isPending} onClick={() => read.mutate()}>{t('draft.read')}</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph>{t('draft.review')}</Typography.Paragraph>
              {draft.warnings.length > 0 && <Alert type="info" showIcon title={t('draft.warnings')} description={<ul>{draft.warnings.map((w) => <li key={w}>{w}</li>)}</ul>} />}
              <Table
                size="small"
                rowKey="field"
                pagination={false}
                aria-label={t('draft.title')}
                dataSource={QUOTE_DRAFT_FIELDS.map((field) => ({ field }))}
                columns={[
                  { key: 'field', title: t('draft.field'), render: (_, r) => t(`draft.fields.${r.field}`) },
                  { key: 'value', title: t('draft.value'), render: (_, r) => shown(draft, r.field, t('draft.none')) },
                  { key: 'confidence', title: t('draft.confidence'), render: (_, r) => (draft.confidence[r.field] === undefined ? '—' : <Progress percent={Math.round(draft.confidence[r.field] * 100)} size="small" aria-label={t('draft.confidence')} />) },
                  { key: 'evidence', title: t('draft.evidence'), render: (_, r) => <Typography.Text type="secondary">{draft.evidence[r.field] ?? ''}</Typography.Text> },
                ]}
              />
              {!draft.fields.client?.id && <Alert type="warning" showIcon title={t('draft.client_missing')} />}
              <Flex gap={8}>
                <Button type="primary" disabled={!ready} loading={create.isPending} onClick={() => create.mutate()}>{t('draft.create')}</Button>
                <Button onClick={restart}>{t('draft.read')}</Button>
              </Flex>
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}
