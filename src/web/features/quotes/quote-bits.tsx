import { Tag, Typography } from 'antd';
import type { Quote } from '#shared/api/quotes.ts';
import type { QuoteStatus } from '#shared/quotes/model.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { useSalesTranslation } from './sales-texts.ts';

/** Status colours: open ones blue, the good end green, the bad ends red or grey. */
const STATUS_COLOURS: Record<QuoteStatus, string> = { draft: 'default', sent: 'processing', accepted: 'success', declined: 'error', expired: 'warning', cancelled: 'default' };

export function QuoteStatusTag({ status }: { status: QuoteStatus }) {
  const { t } = useSalesTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`quotes.status.${status}`)}</Tag>;
}

export { Money } from '../../components/money.tsx';

/**
 * A quote's ISO 14083 estimate in one line, with the assumption when containers had no weight, a
 * place measured from its city, and the same cargo by the other modes; or why there is none.
 */
export function EmissionsLine({ emissions, unavailable }: { emissions: Quote['emissions']; unavailable?: Quote['emissions_unavailable'] }) {
  const { t, i18n } = useSalesTranslation();
  if (!emissions) {
    if (!unavailable) return null;
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <strong>{t('quotes.emissions')}:</strong> {t(`quotes.emissions_unavailable.${unavailable.reason}`, { place: unavailable.place ?? '' })}
      </Typography.Paragraph>
    );
  }
  const leg = emissions.legs[0];
  const num = (v: string) => formatDecimal(v, i18n.language);
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
      <strong>{t('quotes.emissions')}:</strong>{' '}
      {t('quotes.emissions_value', { kg: num(emissions.kg_co2e), km: num(leg.distance_km), factor: num(leg.factor), source: leg.source })}
      {emissions.tonnes_assumed && ` ${t('quotes.emissions_assumed')}`}
      {emissions.via?.map((v) => ` ${t('quotes.emissions_via', { place: v.place, city: v.city })}`).join('')}
      {emissions.alternatives && emissions.alternatives.length > 0 && (
        <>
          <br />
          {t('quotes.emissions_alternatives')}{' '}
          {emissions.alternatives.map((a) => t('quotes.emissions_alternative', { mode: t(`quotes.modes.${a.mode}`), kg: num(a.kg_co2e) })).join(' · ')}
        </>
      )}
    </Typography.Paragraph>
  );
}
