import { Alert, Col, Form, Input, Row, type FormInstance } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import type { Rule, RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiFailure } from '../../lib/api-failure.ts';
import { translateValidation } from '../../lib/form-rules.ts';
import { cardFieldOf, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, formatExpiry, type CardValues } from './card-input.ts';

const rule = (check: (value: string) => string | null): RuleObject => ({
  validator: async (_rule, value: unknown) => {
    const problem = check(typeof value === 'string' ? value : '');
    if (problem) throw new Error(translateValidation(problem));
  },
});

const numberRule = rule(checkCardNumber);
const expiryRule = rule((value) => checkExpiry(value));
/** The CVC has 4 digits on American Express cards, 3 on others: it depends on the number. */
const cvcRule: Rule = ({ getFieldValue }) =>
  rule((value) => checkCvc(value, String(getFieldValue('number') ?? '')));

/**
 * The card number, expiry and CVC, inside a parent antd Form whose values include
 * `number`, `expiry` and `cvc`. Checked here (Luhn, not expired, CVC length) before anything
 * is sent; the server checks again.
 */
export function CardFields({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="fyn-card-fields">
      <Form.Item
        name="number"
        label={t('billing.card_number')}
        rules={[numberRule]}
        normalize={(value: string) => formatCardNumber(value ?? '')}
        validateTrigger="onBlur"
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          prefix={<CreditCardOutlined aria-hidden="true" />}
          disabled={disabled}
          maxLength={23}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="expiry"
            label={t('billing.card_expiry')}
            rules={[expiryRule]}
            normalize={(value: string, previous: string) => formatExpiry(value ?? '', previous ?? '')}
            validateTrigger="onBlur"
          >
            <Input inputMode="numeric" autoComplete="cc-exp" placeholder={t('billing.card_expiry_placeholder')} disabled={disabled} maxLength={7} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="cvc"
            label={t('billing.card_cvc')}
            dependencies={['number']}
            validateTrigger="onBlur"
            rules={[cvcRule]}
          >
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" disabled={disabled} maxLength={4} />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}

/** The local provider's test cards (never shown with Stripe). */
export function TestCardsHint() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon title={t('billing.test_cards_title')} description={t('billing.test_cards')} />;
}

/**
 * A refused card (402) or a rejected one (422): the provider's words for the alert, and the
 * field errors where the reason names a field. Answers null when the client has already told
 * the user (network and server error notices).
 */
export function cardFailure(error: unknown, t: TFunction): { alert: string | null; title: string; fields: { name: keyof CardValues; errors: string[] }[] } | null {
  const title = t('billing.payment_failed');
  if (!isApiFailure(error)) return { alert: t('errors.server'), title, fields: [] };
  if (error.status === 402) {
    const field =
      error.code === 'incorrect_number' ? 'number' : error.code === 'expired_card' ? 'expiry' : error.code === 'incorrect_cvc' ? 'cvc' : null;
    return { alert: error.message, title, fields: field ? [{ name: field, errors: [error.message] }] : [] };
  }
  if (error.status === 422) {
    const fields = Object.entries(error.fields).flatMap(([name, message]) => {
      const field = cardFieldOf(name);
      return field ? [{ name: field, errors: [translateValidation(message)] }] : [];
    });
    return { alert: fields.length > 0 ? null : error.message, title, fields };
  }
  if (error.status === 403) return { alert: t('billing.owners_only'), title, fields: [] };
  return error.notified ? null : { alert: t('errors.server'), title, fields: [] };
}

/** Puts a card failure's field errors on the form. */
export function showCardFieldErrors(form: FormInstance, fields: { name: keyof CardValues; errors: string[] }[]): void {
  if (fields.length > 0) form.setFields(fields);
}
