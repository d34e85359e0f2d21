import { Flex, Tag } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from './billing-api.ts';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const brandName = (brand: string) => BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** "Visa •••• 4242, expires 12/28" with the default tag. */
export function CardLabel({ card }: { card: SavedCard }) {
  const { t } = useTranslation();
  const expiry = `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
  return (
    <Flex gap={8} align="center" wrap>
      <CreditCardOutlined aria-hidden="true" />
      <span>
        {t('billing.card_summary', { brand: brandName(card.brand), last4: card.last4 })}
      </span>
      <span className="fyn-secondary">{t('billing.card_expires', { expiry })}</span>
      {card.is_default && <Tag color="blue">{t('billing.default_card')}</Tag>}
    </Flex>
  );
}
