import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { Conversion } from '#shared/api/exchange.ts';
import { MoneyError, minorOf } from '#shared/money/amounts.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { ccApi } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { currencyOptions } from './currencies.ts';
import { formatDay } from '../../lib/format-day.ts';
import { validationText } from './validation-text.ts';
import { labelSearch } from '../../lib/label-search.ts';

interface ConvertValues {
  /** The amount as typed, a decimal string in major units ("12.50"): never a float. */
  amount: string | null;
  from: string;
  to: string;
  /** "2026-11-21", or empty for today. */
  date: string;
}

/**
 * Converts an amount with the organisation's own rate of the day, or else the ECB reference
 * rate (GET /api/exchange-rates/convert), and says which one it used.
 */
export function ConvertTool() {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const [form] = Form.useForm<ConvertValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const convert = useMutation({
    mutationFn: (values: ConvertValues) =>
      ccApi.convert({
        amount: minorOf(values.amount ?? '0', values.from),
        from: values.from,
        to: values.to,
        ...(values.date && { date: values.date }),
      }),
    onMutate: () => setProblem(null),
    onError: (error) => {
      if (!isApiFailure(error)) return setProblem(t('errors.server'));
      if (error.code === 'no_rate') return setProblem(t('control_centre.convert.no_rate'));
      if (error.code === 'amount_too_large') return setProblem(t('control_centre.convert.too_large'));
      if (error.status === 403) return setProblem(t('control_centre.not_allowed_action'));
      if (error.status === 422) return setProblem(t('validation.invalid'));
      if (!error.notified) setProblem(t('errors.server'));
    },
  });
  const currencies = currencyOptions(language);
  const result: Conversion | undefined = convert.data;
  const required = [{ required: true, message: t('validation.required') }];
  // The amount in minor units of the chosen currency: no more decimals than it has (JPY none, BHD three).
  const amountRules = [
    ...required,
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: async (_: unknown, value: string | null) => {
        if (!value) return;
        try {
          minorOf(value, String(getFieldValue('from')));
        } catch (err) {
          if (!(err instanceof MoneyError)) throw err;
          throw new Error(err.code === 'amount_too_large' ? t('control_centre.convert.too_large') : validationText(err.code));
        }
      },
    }),
  ];

  return (
    <Card title={t('control_centre.convert.title')} className="fyn-cc-convert">
      <Form<ConvertValues>
        form={form}
        name="cc-convert"
        layout="vertical"
        initialValues={{ amount: '100', from: 'GBP', to: 'EUR', date: '' }}
        onFinish={(values) => convert.mutate(values)}
      >
        <Flex gap={12} wrap align="flex-end">
          <Form.Item name="amount" label={t('control_centre.convert.amount')} rules={amountRules} dependencies={['from']}>
            <InputNumber<string> stringMode min="0" inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="from" label={t('control_centre.convert.from')} rules={required}>
            <Select showSearch={labelSearch} options={currencies} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="to" label={t('control_centre.convert.to')} rules={required}>
            <Select showSearch={labelSearch} options={currencies} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="date" label={t('control_centre.convert.date')} extra={<span id="cc-convert-date-help">{t('control_centre.convert.today')}</span>}>
            <Input type="date" aria-describedby="cc-convert-date-help" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={convert.isPending}>
              {t('control_centre.convert.submit')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {problem && <Alert type="warning" showIcon title={problem} role="alert" />}
      {result && !problem && (
        <div aria-live="polite">
          <p className="fyn-cc-convert-result">
            {formatMoney(result.amount, result.from, language)} = <strong>{formatMoney(result.converted, result.to, language)}</strong>
          </p>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'rate',
                label: t('control_centre.convert.rate'),
                children: `1 ${result.from} = ${formatDecimal(result.rate, language)} ${result.to}`,
              },
              { key: 'date', label: t('control_centre.convert.rate_date'), children: formatDay(result.rate_date, language) },
              {
                key: 'source',
                label: t('control_centre.convert.source'),
                children: t(result.source === 'ecb' ? 'control_centre.convert.source_ecb' : 'control_centre.convert.source_manual'),
              },
            ]}
          />
          {result.source === 'ecb' && <p className="fyn-secondary">{t('control_centre.convert.ecb_note')}</p>}
        </div>
      )}
    </Card>
  );
}
