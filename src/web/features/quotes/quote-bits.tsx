import { Tag } from 'antd';
import type { QuoteStatus } from '#shared/quotes/model.ts';
import { formatMoney } from '#shared/money/format.ts';
import { useSalesTranslation } from './sales-texts.ts';

/** Status colours: open ones blue, the good end green, the bad ends red or grey. */
const STATUS_COLOURS: Record<QuoteStatus, string> = { draft: 'default', sent: 'processing', accepted: 'success', declined: 'error', expired: 'warning', cancelled: 'default' };

export function QuoteStatusTag({ status }: { status: QuoteStatus }) {
  const { t } = useSalesTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`quotes.status.${status}`)}</Tag>;
}

/** Minor units in a currency, in the interface's language. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const { i18n } = useSalesTranslation();
  return <span className="fyn-num">{formatMoney(minor, currency, i18n.language)}</span>;
}
