import { Button, Drawer, Empty, Form, Input, InputNumber, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Rate, RateCreateBody } from '#shared/api/rates.ts';
import { minorOf, MoneyError } from '#shared/money/amounts.ts';
import { CURRENCY_CODES } from '#shared/money/currency.ts';
import { formatMoney } from '#shared/money/format.ts';
import { AIR_BREAKS } from '#shared/quotes/rates.ts';
import { CHARGE_BASES, QUOTE_MODES, type ChargeBasis, type QuoteMode } from '#shared/quotes/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { LocationPicker } from '../../components/location-picker.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { feedback } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { rateKeys, ratesApi } from '../../lib/quotes-api.ts';
import { useReferenceOptions } from './reference-options.ts';
import { ImportButton } from '../../components/import-button.tsx';
import { useSessionStore } from '../../lib/session-store.ts';
import { useSalesTranslation } from './sales-texts.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** A rate's validity today: current, ended or not yet. */
function validity(r: Rate): 'current' | 'ended' | 'future' {
  const d = today();
  return r.valid_until < d ? 'ended' : r.valid_from > d ? 'future' : 'current';
}

/** Control centre › rate management: the buy rates of carriers and partners per lane, and adding one. */
export function RatesScreen() {
  const mayCreate = useSessionStore((st) => st.user?.permissions.includes('rates.create') ?? false);
  const { t, i18n } = useSalesTranslation();
  const client = useQueryClient();
  const [mode, setMode] = useState<QuoteMode | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: rateKeys.list(mode), queryFn: () => ratesApi.list(mode) });
  const codes = useQuery({ queryKey: ['charge-codes', 'all'], queryFn: () => api.list<{ id: string; code: string; name: string; basis: ChargeBasis; default_currency: string }>('/charge-codes', { params: { per_page: 100, sort: 'code' } }) });
  const codeOf = (id: string | null) => codes.data?.data.find((c) => c.id === id)?.code;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language);
  const remove = async (id: string) => {
    await ratesApi.remove(id);
    await client.invalidateQueries({ queryKey: rateKeys.all });
  };
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Segmented<QuoteMode | 'all'>
          aria-label={t('quotes.mode')}
          value={mode ?? 'all'}
          onChange={(v) => setMode(v === 'all' ? null : v)}
          options={[{ value: 'all', label: t('quotes.all') }, ...QUOTE_MODES.map((m) => ({ value: m, label: t(`quotes.modes.${m}`) }))]}
        />
        <Space wrap>
          {mayCreate && <ImportButton endpoint="/rates/import" template="/rates/import/template" onImported={() => void client.invalidateQueries({ queryKey: rateKeys.all })} />}
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('rates.add')}
          </Button>
        </Space>
      </Space>
      <DataTable
        aria-label={t('rates.list')}
        rows={list.data?.data ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={<Empty description={t('rates.none')} />}
        columns={[
          { key: 'carrier', title: t('rates.carrier'), render: (r) => <>{r.carrier}{r.reference && <Typography.Text type="secondary"> · {r.reference}</Typography.Text>}</> },
          { key: 'lane', title: t('quotes.route'), render: (r) => `${r.origin} → ${r.destination}` },
          { key: 'mode', title: t('quotes.mode'), render: (r) => `${t(`quotes.modes.${r.mode}`)}${r.equipment ? ` · ${r.equipment}` : ''}` },
          {
            key: 'valid', title: t('rates.validity'),
            render: (r) => (
              <Space size={4} wrap>
                {`${r.valid_from} – ${r.valid_until}`}
                {validity(r) !== 'current' && <Tag color={validity(r) === 'ended' ? 'default' : 'processing'}>{t(`rates.${validity(r)}`)}</Tag>}
              </Space>
            ),
          },
          { key: 'transit', title: t('rates.transit'), align: 'end', render: (r) => (r.transit_days === null ? '—' : t('rates.days', { count: r.transit_days })) },
          {
            key: 'charges', title: t('quotes.lines'),
            render: (r) => r.charges.map((c) => `${codeOf(c.charge_code_id) ?? c.description ?? ''} ${money(c.amount_minor, c.currency)} ${t(`quotes.bases.${c.basis}`).toLowerCase()}${c.breaks.length ? ` (${t('rates.breaks_count', { count: c.breaks.length })})` : ''}`).join(' · '),
          },
          {
            key: 'actions', title: <span className="fyn-visually-hidden">{t('rates.actions')}</span>, align: 'end',
            render: (r) => (
              <Popconfirm title={t('rates.delete_confirm', { carrier: r.carrier })} onConfirm={() => remove(r.id)}>
                <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('rates.delete', { carrier: r.carrier })} />
              </Popconfirm>
            ),
          },
        ]}
      />
      <Drawer open={adding} onClose={() => setAdding(false)} title={t('rates.add')} size="large" destroyOnHidden>
        <RateForm
          codes={codes.data?.data ?? []}
          onSaved={async () => {
            setAdding(false);
            feedback().message.success(t('rates.saved'));
            await client.invalidateQueries({ queryKey: rateKeys.all });
          }}
        />
      </Drawer>
    </section>
  );
}

type ChargeValues = { charge_code_id?: string; basis: ChargeBasis; currency: string; amount: string; minimum?: string; breaks?: Record<string, string | undefined> };
type RateValues = { carrier: string; mode: QuoteMode; origin: string; destination: string; equipment?: string; valid_from: string; valid_until: string; transit_days?: number; reference?: string; charges: ChargeValues[] };

function RateForm({ codes, onSaved }: { codes: { id: string; code: string; name: string; basis: ChargeBasis; default_currency: string }[]; onSaved: () => void }) {
  const { t } = useSalesTranslation();
  const [form] = Form.useForm<RateValues>();
  const [error, setError] = useState<string | null>(null);
  const { submit: create, busy: saving } = useSubmit((body: RateCreateBody) => ratesApi.create(body), {
    onSuccess: () => onSaved(),
    onFailure: (e) => {
      if (!e.notified) setError([e.message, ...Object.values(e.fields)].join(' '));
      return true;
    },
  });
  const reference = useReferenceOptions();
  const mode = Form.useWatch('mode', form) ?? 'sea_fcl';
  const charges = (Form.useWatch('charges', form) ?? []) as ChargeValues[];
  const minor = (amount: string | undefined, currency: string) => {
    try {
      return amount ? minorOf(String(amount), currency) : null;
    } catch (e) {
      if (e instanceof MoneyError) return Number.NaN;
      throw e;
    }
  };
  async function save(v: RateValues) {
    setError(null);
    const body: RateCreateBody = {
      carrier: v.carrier, mode: v.mode, origin: v.origin, destination: v.destination, equipment: v.mode === 'sea_fcl' ? (v.equipment ?? null) : null,
      valid_from: v.valid_from, valid_until: v.valid_until, transit_days: v.transit_days ?? null, reference: v.reference ?? null,
      charges: v.charges.map((c) => ({
        charge_code_id: c.charge_code_id ?? null, basis: c.basis, currency: c.currency, amount_minor: minor(c.amount, c.currency)!, minimum_minor: minor(c.minimum, c.currency),
        breaks: c.basis === 'per_kg' ? AIR_BREAKS.filter((b) => c.breaks?.[b]).map((b) => ({ from_kg: b, amount_minor: minor(c.breaks![b], c.currency)! })) : [],
      })),
    };
    if (body.charges.some((c) => Number.isNaN(c.amount_minor) || Number.isNaN(c.minimum_minor ?? 0) || c.breaks?.some((b) => Number.isNaN(b.amount_minor)))) return setError(t('rates.amount_invalid'));
    create(body);
  }
  const currencySelect = <Select showSearch style={{ width: 90 }} options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} aria-label={t('quotes.currency')} />;
  return (
    <Form<RateValues> form={form} layout="vertical" requiredMark="optional" onFinish={save} initialValues={{ mode: 'sea_fcl', equipment: '45G1', valid_from: today(), charges: [{ basis: 'per_container', currency: 'USD' }] }}>
      <Form.Item name="carrier" label={t('rates.carrier')} rules={[{ required: true, message: t('rates.carrier_needed') }]}>
        <Input maxLength={160} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="mode" label={t('quotes.mode')} rules={[{ required: true }]}>
          <Select style={{ width: 160 }} options={reference.modes} />
        </Form.Item>
        {mode === 'sea_fcl' && (
          <Form.Item name="equipment" label={t('quotes.size_type')}>
            <Select showSearch optionFilterProp="label" style={{ width: 240 }} options={reference.equipment} />
          </Form.Item>
        )}
      </Space>
      <Space wrap>
        <Form.Item name="origin" label={t('quotes.origin')} rules={[{ required: true, message: t('quotes.place_needed') }]}>
          <LocationPicker mode={mode} />
        </Form.Item>
        <Form.Item name="destination" label={t('quotes.destination')} rules={[{ required: true, message: t('quotes.place_needed') }]}>
          <LocationPicker mode={mode} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="valid_from" label={t('rates.valid_from')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="valid_until" label={t('rates.valid_until')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="transit_days" label={t('rates.transit')}>
          <InputNumber min={0} max={365} precision={0} />
        </Form.Item>
        <Form.Item name="reference" label={t('rates.reference')}>
          <Input maxLength={80} />
        </Form.Item>
      </Space>
      <Typography.Title level={4}>{t('quotes.lines')}</Typography.Title>
      <Form.List name="charges">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <div key={f.key} style={{ borderTop: i ? '1px solid rgba(0,0,0,0.06)' : undefined, paddingTop: i ? 8 : 0 }}>
                <Space wrap align="baseline">
                  <Form.Item name={[f.name, 'charge_code_id']} label={t('quotes.charge')}>
                    <Select
                      showSearch optionFilterProp="label" style={{ width: 200 }} options={codes.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
                      onChange={(id: string) => {
                        const c = codes.find((x) => x.id === id);
                        if (c) form.setFieldValue(['charges', f.name], { ...form.getFieldValue(['charges', f.name]), basis: c.basis, currency: c.default_currency });
                      }}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'basis']} label={t('quotes.basis')} rules={[{ required: true }]}>
                    <Select style={{ width: 170 }} options={CHARGE_BASES.filter((b) => b !== 'percentage').map((b) => ({ value: b, label: t(`quotes.bases.${b}`) }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'currency']} label={t('quotes.currency')} rules={[{ required: true }]}>
                    {currencySelect}
                  </Form.Item>
                  <Form.Item name={[f.name, 'amount']} label={charges[i]?.basis === 'per_kg' ? t('rates.normal_rate') : t('quotes.buy_per_unit')} rules={[{ required: true }]}>
                    <InputNumber min="0" stringMode style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'minimum']} label={t('rates.minimum')}>
                    <InputNumber min="0" stringMode style={{ width: 110 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('quotes.remove')} onClick={() => remove(f.name)} />
                </Space>
                {charges[i]?.basis === 'per_kg' && (
                  <Space wrap>
                    {AIR_BREAKS.map((b) => (
                      <Form.Item key={b} name={[f.name, 'breaks', b]} label={`+${b} kg`}>
                        <InputNumber min="0" stringMode style={{ width: 100 }} />
                      </Form.Item>
                    ))}
                  </Space>
                )}
              </div>
            ))}
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ basis: 'per_shipment', currency: 'USD' })}>
              {t('quotes.add_line')}
            </Button>
          </>
        )}
      </Form.List>
      {error && <Typography.Paragraph type="danger" style={{ marginTop: 12 }} role="alert">{error}</Typography.Paragraph>}
      <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
        {t('rates.save')}
      </Button>
    </Form>
  );
}
