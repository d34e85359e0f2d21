import { useTranslation } from 'react-i18next';
import { formatMoney } from '#shared/money/format.ts';

/** Minor units in a currency, in the interface's language. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const { i18n } = useTranslation();
  return <span className="fyn-num">{formatMoney(minor, currency, i18n.language)}</span>;
}
