import { Alert, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Quote, QuoteCreateBody } from '#shared/api/quotes.ts';
import { majorOf, minorOf, MoneyError, timesMinor } from '#shared/money/amounts.ts';
import { CURRENCY_CODES } from '#shared/money/currency.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import { measure, quantityFor, type CargoLine } from '#shared/quotes/calc.ts';
import { CHARGE_BASES, type ChargeBasis, type QuoteMode } from '#shared/quotes/model.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { api } from '../../lib/api-client.ts';
import { quotesApi } from '../../lib/quotes-api.ts';
import { useReferenceOptions } from './reference-options.ts';
import { useSalesTranslation } from './sales-texts.ts';
import { useSubmit } from '../../lib/use-submit.ts';

/** ISO 6346 size-type codes a forwarder quotes most. */

type Money = { amount: string; currency: string };
type LineValues = { charge_code_id?: string | null; description?: string; basis: ChargeBasis; quantity?: string | null; buy: Money; sell: Money };
type Values = {
  client: string; contact_id?: string | null; mode: QuoteMode; incoterm?: string | null; origin: string; destination: string; currency: string; valid_until: string;
  cargo: { packages: number; length_cm: string; width_cm: string; height_cm: string; weight_kg: string }[];
  equipment: { iso_type: string; count: number }[];
  lines: LineValues[];
  notes?: string;
};
type CodeRow = { id: string; code: string; name: string; basis: ChargeBasis; default_currency: string };

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function valuesOf(q: Quote | null, client = ''): Values {
  if (!q) return { client, mode: 'sea_fcl', origin: '', destination: '', currency: 'GBP', valid_until: inDays(30), cargo: [], equipment: [{ iso_type: '42G1', count: 1 }], lines: [] };
  return {
    client: `${q.client.type}:${q.client.id}`, contact_id: q.contact_id, mode: q.mode, incoterm: q.incoterm, origin: q.origin, destination: q.destination,
    currency: q.currency, valid_until: q.valid_until, cargo: q.cargo, equipment: q.equipment, notes: q.notes ?? undefined,
    lines: q.lines.map((l) => ({
      charge_code_id: l.charge_code_id, description: l.description ?? undefined, basis: l.basis, quantity: l.quantity_given ? l.quantity : null,
      buy: { amount: majorOf(l.buy.amount_minor, l.buy.currency), currency: l.buy.currency },
      sell: { amount: majorOf(l.sell.amount_minor, l.sell.currency), currency: l.sell.currency },
    })),
  };
}

/** Major amounts as typed ("1650.00") in minor units; null when not a valid amount of the currency. */
function minor(m: Money | undefined): number | null {
  if (!m?.amount || !m.currency) return null;
  try {
    return minorOf(String(m.amount), m.currency);
  } catch (e) {
    if (e instanceof MoneyError) return null;
    throw e;
  }
}

/**
 * Writes or changes a draft quote: client and contact, route, cargo or equipment, and charge
 * lines with buy and sell per unit of their basis. Quantities and line totals follow as they are
 * typed (src/shared/quotes/calc.ts); the server converts at the quote's frozen rates on saving.
 */
/** `client` ("native_organisation:<id>") starts a new quote for that client (the client's profile and list link here with ?client=). */
export function QuoteEditor({ quote, client: forClient, onSaved, onCancel }: { quote: Quote | null; client?: string; onSaved: (q: Quote) => void; onCancel: () => void }) {
  const { t, i18n } = useSalesTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const { submit: write, busy: saving } = useSubmit((body: QuoteCreateBody) => (quote ? quotesApi.update(quote.id, body) : quotesApi.create(body)), {
    onSuccess: (saved) => onSaved(saved),
    onFailure: (e) => {
      if (!e.notified) setError([e.message, ...Object.entries(e.fields).map(([k, m]) => `${k}: ${m}`)].join(' '));
      return true;
    },
  });
  const initial = useMemo(() => valuesOf(quote, forClient), [quote, forClient]);
  const reference = useReferenceOptions();
  const natives = useQuery({ queryKey: ['native-organisations', 'all'], queryFn: () => api.list<{ id: string; name: string; credit_status: string }>('/native-organisations', { params: { per_page: 100, sort: 'name' } }) });
  const connected = useQuery({
    queryKey: ['connections', 'organisation', 'connected'],
    queryFn: () => api.list<{ other: { type: string; id: string; name: string } }>('/connections', { params: { status: 'connected', as: 'organisation', per_page: 100 } }),
  });
  const codes = useQuery({ queryKey: ['charge-codes', 'all'], queryFn: () => api.list<CodeRow>('/charge-codes', { params: { per_page: 100, sort: 'code' } }) });
  const client = Form.useWatch('client', form) ?? initial.client;
  const [clientType, clientId] = client.split(':');
  const contacts = useQuery({
    queryKey: ['native-contacts', clientId],
    queryFn: () => api.list<{ id: string; name: string; job_title: string | null }>('/native-contacts', { params: { per_page: 100, 'filter[native_organisation_id]': clientId } }),
    enabled: clientType === 'native_organisation' && Boolean(clientId),
  });
  const mode = (Form.useWatch('mode', form) ?? initial.mode) as QuoteMode;
  const cargo = (Form.useWatch('cargo', form) ?? initial.cargo) as Values['cargo'];
  const equipment = (Form.useWatch('equipment', form) ?? initial.equipment) as Values['equipment'];
  const lines = (Form.useWatch('lines', form) ?? initial.lines) as LineValues[];
  const measures = useMemo(() => {
    try {
      const valid = (cargo ?? []).filter((c): c is CargoLine & { packages: number } => Boolean(c && c.packages && c.length_cm && c.width_cm && c.height_cm && c.weight_kg));
      return measure(mode, valid.map((c) => ({ ...c, length_cm: text(c.length_cm), width_cm: text(c.width_cm), height_cm: text(c.height_cm), weight_kg: text(c.weight_kg) })), (equipment ?? []).filter((e) => e?.iso_type && e.count));
    } catch {
      return null;
    }
  }, [mode, cargo, equipment]);
  const fcl = mode === 'sea_fcl';
  const num = (v: string) => formatDecimal(v, i18n.language);

  const clientOptions = [
    { label: t('quotes.native_clients'), options: (natives.data?.data ?? []).map((n) => ({ value: `native_organisation:${n.id}`, label: n.credit_status === 'ok' ? n.name : `${n.name} (${t(`quotes.credit.${n.credit_status}`)})` })) },
    { label: t('quotes.connected_clients'), options: (connected.data?.data ?? []).filter((c) => c.other.type === 'organisation').map((c) => ({ value: `organisation:${c.other.id}`, label: c.other.name })) },
  ];

  async function save(v: Values) {
    setError(null);
    const [type, id] = v.client.split(':');
    const bad = v.lines.findIndex((l) => minor(l.buy) === null || minor(l.sell) === null);
    if (bad >= 0) return setError(t('quotes.amount_invalid', { n: bad + 1 }));
    const body: QuoteCreateBody = {
      client: { type: type as 'native_organisation' | 'organisation', id }, contact_id: v.contact_id ?? null, mode: v.mode, incoterm: (v.incoterm ?? null) as QuoteCreateBody['incoterm'],
      origin: v.origin, destination: v.destination, currency: v.currency, valid_until: v.valid_until, notes: v.notes ?? null,
      cargo: fcl ? [] : v.cargo.map((c) => ({ packages: c.packages, length_cm: text(c.length_cm), width_cm: text(c.width_cm), height_cm: text(c.height_cm), weight_kg: text(c.weight_kg) })),
      equipment: fcl ? v.equipment : [],
      lines: v.lines.map((l) => ({
        charge_code_id: l.charge_code_id ?? null, description: l.description || null, basis: l.basis, quantity: l.quantity ? text(l.quantity) : null,
        buy: { amount_minor: minor(l.buy)!, currency: l.buy.currency }, sell: { amount_minor: minor(l.sell)!, currency: l.sell.currency },
      })),
    };
    write(body);
  }

  const onCode = (index: number, codeId: string) => {
    const code = codes.data?.data.find((c) => c.id === codeId);
    if (!code) return;
    const current = form.getFieldValue(['lines', index]) as LineValues;
    form.setFieldValue(['lines', index], { ...current, basis: code.basis, buy: { ...current.buy, currency: current.buy?.currency || code.default_currency }, sell: { ...current.sell, currency: current.sell?.currency || code.default_currency } });
  };
  const currencySelect = <Select showSearch options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} style={{ width: 90 }} aria-label={t('quotes.currency')} />;

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={save} requiredMark="optional">
      <Card title={t('quotes.parties_route')} size="small">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="client" label={t('quotes.client')} rules={[{ required: true, message: t('quotes.client_needed') }]}>
              <Select showSearch optionFilterProp="label" options={clientOptions} loading={natives.isPending} onChange={() => form.setFieldValue('contact_id', null)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact_id" label={t('quotes.contact')}>
              <Select allowClear disabled={clientType !== 'native_organisation'} options={(contacts.data?.data ?? []).map((c) => ({ value: c.id, label: c.job_title ? `${c.name}, ${c.job_title}` : c.name }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="mode" label={t('quotes.mode')} rules={[{ required: true }]}>
              <Select options={reference.modes} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="incoterm" label={t('quotes.incoterm')}>
              <Select allowClear showSearch optionFilterProp="label" options={reference.incoterms} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="origin" label={t('quotes.origin')} rules={[{ required: true, message: t('quotes.place_needed') }]}>
              <LocationPicker mode={mode} initial={quote ? { code: quote.origin, name: quote.origin_name ?? quote.origin } : null} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="destination" label={t('quotes.destination')} rules={[{ required: true, message: t('quotes.place_needed') }]}>
              <LocationPicker mode={mode} initial={quote ? { code: quote.destination, name: quote.destination_name ?? quote.destination } : null} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="currency" label={t('quotes.currency')} rules={[{ required: true }]}>
              {currencySelect}
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="valid_until" label={t('quotes.valid_until')} rules={[{ required: true }]}>
              <Input type="date" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={fcl ? t('quotes.equipment') : t('quotes.cargo')} size="small" style={{ marginTop: 16 }}>
        {fcl ? (
          <Form.List name="equipment">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'iso_type']} label={t('quotes.size_type')} rules={[{ required: true }]}>
                      <Select showSearch optionFilterProp="label" style={{ width: 240 }} options={reference.equipment} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'count']} label={t('quotes.count')} rules={[{ required: true }]}>
                      <InputNumber min={1} max={999} precision={0} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('quotes.remove')} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ iso_type: '42G1', count: 1 })}>{t('quotes.add_equipment')}</Button>
              </>
            )}
          </Form.List>
        ) : (
          <Form.List name="cargo">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'packages']} label={t('quotes.packages')} rules={[{ required: true }]}>
                      <InputNumber min={1} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                    {(['length_cm', 'width_cm', 'height_cm', 'weight_kg'] as const).map((k) => (
                      <Form.Item key={k} name={[f.name, k]} label={t(`quotes.${k}`)} rules={[{ required: true }]}>
                        <InputNumber min="0" stringMode style={{ width: 110 }} />
                      </Form.Item>
                    ))}
                    <Button type="text" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('quotes.remove')} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ packages: 1 })}>{t('quotes.add_cargo')}</Button>
              </>
            )}
          </Form.List>
        )}
        {measures && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {fcl
              ? t('quotes.containers_total', { count: measures.containers })
              : t('quotes.measures', { weight: num(measures.weight_kg), volume: num(measures.volume_cbm), chargeable: num(measures.chargeable_weight_kg), rt: num(measures.revenue_tonnes) })}
          </Typography.Paragraph>
        )}
      </Card>

      <Card title={t('quotes.lines')} size="small" style={{ marginTop: 16 }}>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => {
                const l = lines?.[i];
                const qty = l?.quantity ? text(l.quantity) : measures && l?.basis ? quantityFor(l.basis, measures) : null;
                const sell = minor(l?.sell);
                return (
                  <div key={f.key}>
                    {i > 0 && <Divider style={{ margin: '8px 0' }} />}
                    <Space align="baseline" wrap>
                      <Form.Item name={[f.name, 'charge_code_id']} label={t('quotes.charge')}>
                        <Select showSearch optionFilterProp="label" style={{ width: 220 }} onChange={(v: string) => onCode(f.name, v)} options={(codes.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'basis']} label={t('quotes.basis')} rules={[{ required: true }]}>
                        <Select style={{ width: 150 }} options={CHARGE_BASES.map((b) => ({ value: b, label: t(`quotes.bases.${b}`) }))} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'quantity']} label={t('quotes.quantity')} tooltip={t('quotes.quantity_hint')}>
                        <InputNumber min="0" stringMode placeholder={qty ? num(qty) : undefined} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item label={t('quotes.buy_per_unit')} required>
                        <Space.Compact>
                          <Form.Item name={[f.name, 'buy', 'amount']} noStyle rules={[{ required: true }]}>
                            <InputNumber min="0" stringMode style={{ width: 110 }} aria-label={t('quotes.buy_per_unit')} />
                          </Form.Item>
                          <Form.Item name={[f.name, 'buy', 'currency']} noStyle rules={[{ required: true }]}>
                            {currencySelect}
                          </Form.Item>
                        </Space.Compact>
                      </Form.Item>
                      <Form.Item label={t('quotes.sell_per_unit')} required>
                        <Space.Compact>
                          <Form.Item name={[f.name, 'sell', 'amount']} noStyle rules={[{ required: true }]}>
                            <InputNumber min="0" stringMode style={{ width: 110 }} aria-label={t('quotes.sell_per_unit')} />
                          </Form.Item>
                          <Form.Item name={[f.name, 'sell', 'currency']} noStyle rules={[{ required: true }]}>
                            {currencySelect}
                          </Form.Item>
                        </Space.Compact>
                      </Form.Item>
                      <Typography.Text type="secondary" className="fyn-num">
                        {qty && sell !== null && l?.sell?.currency ? `= ${formatMoney(timesMinor(sell, qty), l.sell.currency, i18n.language)}` : ''}
                      </Typography.Text>
                      <Button type="text" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('quotes.remove')} onClick={() => remove(f.name)} />
                    </Space>
                  </div>
                );
              })}
              <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ basis: 'per_shipment', buy: { currency: form.getFieldValue('currency') }, sell: { currency: form.getFieldValue('currency') } })}>
                {t('quotes.add_line')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('quotes.conversion_note')}
        </Typography.Paragraph>
      </Card>

      <Form.Item name="notes" label={t('quotes.notes')} style={{ marginTop: 16 }}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4000} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {quote ? t('quotes.save') : t('quotes.create')}
        </Button>
        <Button onClick={onCancel}>{t('quotes.back')}</Button>
      </Space>
    </Form>
  );
}
