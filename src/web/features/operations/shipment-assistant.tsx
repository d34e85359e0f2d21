import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Progress, Select, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiDocumentReading, ClientUpdateLanguage, ShippingDocumentField } from '#shared/api/ai-shipments.ts';
import { SHIPPING_DOCUMENT_FIELDS } from '#shared/api/ai-shipments.ts';
import type { AiFeature } from '#shared/ai/prices.ts';
import type { Party, Shipment, ShipmentPatchBody } from '#shared/api/operations.ts';
import { Decimal } from '#shared/money/decimal.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { aiApi, aiKeys, newRequestId } from '../../lib/ai-api.ts';
import { aiShipmentApi } from '../../lib/ai-shipment-api.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { textNamespace } from '../../lib/text-namespace.ts';

// The assistant's texts on a shipment (src/web/locales/<lang>/assistant.json), loaded with these dialogs.
const texts = textNamespace('assistant', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/assistant.json'));
await texts.ready;

/** What a feature costs with the engine in use, once the prices are in. */
function usePrice(feature: AiFeature, enabled: boolean) {
  const { t } = texts.useT();
  const prices = useQuery({ queryKey: aiKeys.prices, queryFn: aiApi.prices, enabled });
  if (!prices.data) return null;
  const kind = prices.data.engine.kind;
  const n = prices.data.features.find((f) => f.feature === feature)?.[kind];
  return n == null ? null : t('cost', { count: n, engine: t(`engines.${kind}`) });
}

/** A refusal the person can act on (no credits, a file that is no PDF) as text; anything else to the usual failure notice. */
const problemOf = (error: unknown): string | null => (isApiFailure(error) && error.status > 0 && error.status < 500 ? error.message : null);

const partyText = (p: Party | null | undefined) => (p ? [p.name, p.address, p.email, p.phone].filter(Boolean).join(', ') : null);
const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** The shipment's value of a field as the person reads it, beside the proposed one. */
function current(s: Shipment, field: ShippingDocumentField): string | null {
  switch (field) {
    case 'shipper': case 'consignee': case 'notify_party': return partyText(s[field]);
    case 'packages': return s.packages.length ? s.packages.map((p) => `${p.packages} × ${p.length_cm}×${p.width_cm}×${p.height_cm} cm`).join('; ') : null;
    case 'gross_weight_kg': return s.packages.length ? `${trim(s.packages.reduce((kg, p) => kg.plus(new Decimal(p.weight_kg).times(String(p.packages))), new Decimal('0')).toFixed(3))} kg` : null;
    case 'goods_description': case 'hs_codes': return s.goods_description;
    case 'containers': return s.containers.map((c) => c.number).join(', ') || null;
    default: return null;
  }
}

function proposed(r: AiDocumentReading, field: ShippingDocumentField): string | null {
  const f = r.fields;
  switch (field) {
    case 'shipper': case 'consignee': case 'notify_party': return partyText(f[field]);
    case 'packages': return f.packages ? `${f.packages.count} × ${f.packages.type}${f.dimensions_cm ? `, ${f.dimensions_cm.length}×${f.dimensions_cm.width}×${f.dimensions_cm.height} cm` : ''}` : null;
    case 'gross_weight_kg': case 'net_weight_kg': return f[field] ? `${f[field]} kg` : null;
    case 'volume_cbm': return f.volume_cbm ? `${f.volume_cbm} cbm` : null;
    case 'hs_codes': return f.hs_codes.join(', ') || null;
    case 'containers': return null;
    default: return f[field];
  }
}

/**
 * The change to the shipment that accepting a field makes, through its own PATCH: a party, the goods
 * (HS codes are added to the goods description, which has no field of its own), or the packages
 * with the document's gross weight shared over them (dimensions from the document, else the
 * shipment's single cargo line). Null where the shipment has no such field or a part is missing.
 */
export function patchOf(s: Shipment, r: AiDocumentReading, field: ShippingDocumentField): ShipmentPatchBody | null {
  const f = r.fields;
  switch (field) {
    case 'shipper': case 'consignee': case 'notify_party': return f[field] ? { [field]: f[field] } : null;
    case 'goods_description': return f.goods_description ? { goods_description: f.goods_description } : null;
    case 'hs_codes': {
      if (!f.hs_codes.length) return null;
      const goods = s.goods_description ?? f.goods_description ?? '';
      return { goods_description: `${goods}${goods ? ' — ' : ''}HS ${f.hs_codes.join(', ')}`.slice(0, 1000) };
    }
    case 'packages': case 'gross_weight_kg': {
      const dims = f.dimensions_cm ?? (s.packages.length === 1 ? { length: s.packages[0].length_cm, width: s.packages[0].width_cm, height: s.packages[0].height_cm } : null);
      if (!f.packages || !f.gross_weight_kg || !dims) return null;
      const each = trim(new Decimal(f.gross_weight_kg).div(String(f.packages.count)).round(3).toFixed(3));
      if (new Decimal(each).lte('0')) return null;
      return { packages: [{ packages: f.packages.count, length_cm: dims.length, width_cm: dims.width, height_cm: dims.height, weight_kg: each }] };
    }
    default: return null;
  }
}

/** "Read a document" on a shipment's documents tab: a text PDF read into proposed fields, accepted one by one. */
export function ReadDocument({ s, onChanged, disabled }: { s: Shipment; onChanged: (next?: Shipment) => void; disabled?: boolean }) {
  const { t } = texts.useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [accepted, setAccepted] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const price = usePrice('shipment_document', open);
  const read = useMutation({
    mutationFn: () => aiShipmentApi.readDocument(s.id, file!, requestId),
    onSuccess: () => client.invalidateQueries({ queryKey: aiKeys.all }),
  });
  const r = read.data;
  const restart = (next: File | null) => {
    setFile(next);
    read.reset();
    setAccepted([]);
    setRequestId(newRequestId());
  };
  const accept = async (key: string, call: () => Promise<Shipment | unknown>) => {
    setBusy(key);
    try {
      const next = await call();
      setAccepted((a) => [...a, key]);
      onChanged(next && typeof next === 'object' && 'containers' in next ? (next as Shipment) : undefined);
      feedback().message.success(t('read.accepted_one'));
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  };
  const rows = SHIPPING_DOCUMENT_FIELDS.filter((f) => f !== 'containers').map((field) => ({ field }));
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>{t('read.open')}</Button>
      <Modal open={open} title={t('read.title', { number: s.number })} width={1080} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Flex vertical gap={12}>
          {read.error && problemOf(read.error) && <Alert type="warning" showIcon title={problemOf(read.error)} />}
          {!r ? (
            <>
              <Typography.Paragraph>{t('read.intro')}</Typography.Paragraph>
              <input type="file" accept="application/pdf,.pdf" aria-label={t('read.file')} onChange={(e) => restart(e.target.files?.[0] ?? null)} />
              {price && <Typography.Text type="secondary">{price}</Typography.Text>}
              <Button type="primary" disabled={!file} loading={read.isPending} onClick={() => read.mutate()} style={{ alignSelf: 'flex-start' }}>{t('read.run')}</Button>
            </>
          ) : (
            <>
              <Typography.Paragraph>{t('read.review', { kind: t(`read.kinds.${r.document_kind ?? 'unknown'}`), file: r.file_name })}</Typography.Paragraph>
              {r.warnings.length > 0 && <Alert type="info" showIcon title={t('read.warnings')} description={<ul>{r.warnings.map((w) => <li key={w}>{w}</li>)}</ul>} />}
              <Table
                size="small"
                rowKey="field"
                pagination={false}
                aria-label={t('read.title', { number: s.number })}
                dataSource={rows}
                columns={[
                  { key: 'field', title: t('read.field'), render: (_, x) => t(`read.fields.${x.field}`) },
                  { key: 'current', title: t('read.current'), render: (_, x) => current(s, x.field) ?? <Typography.Text type="secondary">—</Typography.Text> },
                  { key: 'proposed', title: t('read.proposed'), render: (_, x) => proposed(r, x.field) ?? <Typography.Text type="secondary">{t('read.none')}</Typography.Text> },
                  { key: 'confidence', title: t('read.confidence'), width: 110, render: (_, x) => (r.confidence[x.field] === undefined ? '—' : <Progress percent={Math.round(r.confidence[x.field] * 100)} size="small" aria-label={t('read.confidence')} />) },
                  { key: 'evidence', title: t('read.evidence'), render: (_, x) => <Typography.Text type="secondary">{r.evidence[x.field] ?? ''}</Typography.Text> },
                  {
                    key: 'accept', title: '', width: 130,
                    render: (_, x) => {
                      if (accepted.includes(x.field)) return <Tag color="success">{t('read.accepted')}</Tag>;
                      if (!proposed(r, x.field)) return null;
                      if (['net_weight_kg', 'volume_cbm'].includes(x.field)) return <Typography.Text type="secondary">{t('read.reference_only')}</Typography.Text>;
                      const patch = patchOf(s, r, x.field);
                      if (!patch) return <Typography.Text type="secondary">{t('read.needs_dimensions')}</Typography.Text>;
                      return (
                        <Button size="small" loading={busy === x.field} aria-label={`${t('read.accept')}: ${t(`read.fields.${x.field}`)}`} onClick={() => accept(x.field, () => operationsApi.updateShipment(s.id, patch))}>
                          {t('read.accept')}
                        </Button>
                      );
                    },
                  },
                ]}
              />
              {r.fields.containers.length > 0 && (
                <Table
                  size="small"
                  rowKey="number"
                  pagination={false}
                  aria-label={t('read.fields.containers')}
                  dataSource={r.fields.containers}
                  columns={[
                    { key: 'number', title: t('read.fields.containers'), render: (_, c) => <>{c.number} {!c.valid && <Tag color="error">{t('read.check_digit', { digit: c.expected_check_digit })}</Tag>}</> },
                    { key: 'type', title: t('read.type'), render: (_, c) => c.iso_type ?? '—' },
                    { key: 'seal', title: t('read.seal'), render: (_, c) => c.seal ?? '—' },
                    { key: 'evidence', title: t('read.evidence'), render: (_, c) => <Typography.Text type="secondary">{c.evidence}</Typography.Text> },
                    {
                      key: 'accept', title: '', width: 130,
                      render: (_, c) => {
                        if (s.containers.some((x) => x.number === c.number) || accepted.includes(c.number)) return <Tag color="success">{t('read.on_shipment')}</Tag>;
                        if (!c.valid) return null;
                        if (!c.iso_type) return <Typography.Text type="secondary">{t('read.type_unknown')}</Typography.Text>;
                        return (
                          <Button size="small" loading={busy === c.number} aria-label={`${t('read.add_container')}: ${c.number}`}
                            onClick={() => accept(c.number, () => operationsApi.addContainer(s.id, { number: c.number, iso_type: c.iso_type!, seal: c.seal }))}>
                            {t('read.add_container')}
                          </Button>
                        );
                      },
                    },
                  ]}
                />
              )}
              <Button onClick={() => restart(null)} style={{ alignSelf: 'flex-start' }}>{t('read.again')}</Button>
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}

/**
 * "Write a client update" on a shipment: a status e-mail drafted in the client's language, edited,
 * then sent through the mail. Open from its first render: the shipment page shows the button, mounts
 * this dialog when it is pressed (this module loads then) and unmounts it once closed, so each
 * opening starts afresh.
 */
export function ClientUpdateDialog({ s, onClosed }: { s: Shipment; onClosed: () => void }) {
  const { t } = texts.useT();
  const client = useQueryClient();
  const [open, setOpen] = useState(true);
  const [language, setLanguage] = useState<ClientUpdateLanguage | 'auto'>('auto');
  const [requestId, setRequestId] = useState(newRequestId);
  const [mail, setMail] = useState<{ to: string; subject: string; body: string } | null>(null);
  const price = usePrice('client_update', open);
  const write = useMutation({
    mutationFn: () => aiShipmentApi.clientUpdate(s.id, language === 'auto' ? undefined : language, requestId),
    onSuccess: (u) => {
      setMail({ to: u.to ?? '', subject: u.subject, body: u.body });
      client.invalidateQueries({ queryKey: aiKeys.all });
    },
  });
  const send = useMutation({
    mutationFn: () => aiShipmentApi.sendClientUpdate(s.id, mail!),
    onSuccess: (sent) => {
      feedback().message.success(t('update.sent', { to: sent.to }));
      setOpen(false);
    },
  });
  const reset = () => {
    setMail(null);
    write.reset();
    send.reset();
    setRequestId(newRequestId());
  };
  const u = write.data;
  return (
    <>
      <Modal open={open} title={t('update.title', { number: s.number })} width={760} onCancel={() => setOpen(false)} afterClose={onClosed} footer={null} destroyOnHidden>
        <Flex vertical gap={12}>
          {[write.error, send.error].map((e) => (e && problemOf(e) ? <Alert key={String(problemOf(e))} type="warning" showIcon title={problemOf(e)} /> : null))}
          {!mail || !u ? (
            <>
              <Typography.Paragraph>{t('update.intro')}</Typography.Paragraph>
              <Flex gap={8} align="center" wrap>
                <label htmlFor="client-update-language">{t('update.language')}</label>
                <Select<ClientUpdateLanguage | 'auto'> id="client-update-language" style={{ width: 240 }} value={language} onChange={(v) => { setLanguage(v); setRequestId(newRequestId()); }}
                  options={[{ value: 'auto', label: t('update.auto') }, ...DOCUMENT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))]} />
              </Flex>
              {price && <Typography.Text type="secondary">{price}</Typography.Text>}
              <Button type="primary" loading={write.isPending} onClick={() => write.mutate()} style={{ alignSelf: 'flex-start' }}>{t('update.run')}</Button>
            </>
          ) : (
            <>
              <Alert type="info" showIcon title={t('update.review')}
                description={t(`update.sources.${u.language_source}`, { language: t(`languages.${u.language}`) }) + ' ' + t('update.facts', { events: u.facts.events, eta: u.facts.eta_changes, exceptions: u.facts.open_exceptions })} />
              <label htmlFor="client-update-to">{t('update.to')}</label>
              <Input id="client-update-to" type="email" value={mail.to} onChange={(e) => setMail({ ...mail, to: e.target.value })} />
              <label htmlFor="client-update-subject">{t('update.subject')}</label>
              <Input id="client-update-subject" value={mail.subject} maxLength={200} onChange={(e) => setMail({ ...mail, subject: e.target.value })} />
              <label htmlFor="client-update-body">{t('update.body')}</label>
              <Input.TextArea id="client-update-body" rows={14} value={mail.body} maxLength={10_000} onChange={(e) => setMail({ ...mail, body: e.target.value })} />
              <Flex gap={8}>
                <Button type="primary" disabled={!mail.to.trim() || !mail.subject.trim() || !mail.body.trim()} loading={send.isPending} onClick={() => send.mutate()}>{t('update.send')}</Button>
                <Button onClick={reset}>{t('update.again')}</Button>
              </Flex>
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}
