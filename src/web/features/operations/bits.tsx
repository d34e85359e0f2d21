import { Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { EventClassifier, ExceptionKind, ShipmentStatus, SignoffStatus } from '#shared/operations/model.ts';
import type { BookingStatus } from '#shared/operations/model.ts';
import { useOperationsTranslation } from './operations-texts.ts';

export const SHIPMENTS_PATH = '/organisation/crm/shipment-management';
export const BOOKINGS_PATH = '/organisation/crm/quotation-management/booking';

const SHIPMENT_COLOURS: Record<ShipmentStatus, string> = { booked: 'default', in_transit: 'processing', arrived: 'cyan', delivered: 'success', closed: 'default', cancelled: 'error' };
const BOOKING_COLOURS: Record<BookingStatus, string> = { received: 'processing', confirmed: 'success', rejected: 'error', cancelled: 'default', completed: 'default' };

export function ShipmentStatusTag({ status }: { status: ShipmentStatus }) {
  const { t } = useOperationsTranslation();
  return <Tag color={SHIPMENT_COLOURS[status]}>{t(`shipments.status.${status}`)}</Tag>;
}

export function BookingStatusTag({ status }: { status: BookingStatus }) {
  const { t } = useOperationsTranslation();
  return <Tag color={BOOKING_COLOURS[status]}>{t(`bookings.status.${status}`)}</Tag>;
}

export function SignoffTag({ status }: { status: SignoffStatus }) {
  const { t } = useOperationsTranslation();
  return <Tag color={status === 'accounts_signed' ? 'success' : status === 'operations_signed' ? 'processing' : 'default'}>{t(`shipments.signoff.${status}`)}</Tag>;
}

/** A DCSA event code with its meaning on hover (LOAD: loaded onto the vessel …) and its classifier. */
export function EventLabel({ code, classifier }: { code: string; classifier: EventClassifier }) {
  const { t } = useOperationsTranslation();
  return (
    <Tooltip title={t(`events.codes.${code}`, { defaultValue: code })}>
      <span>
        <strong>{t(`events.codes.${code}`, { defaultValue: code })}</strong>{' '}
        <Tag color={classifier === 'ACT' ? 'success' : classifier === 'EST' ? 'warning' : 'default'}>{t(`events.classifiers.${classifier}`)}</Tag>
      </span>
    </Tooltip>
  );
}

export function ExceptionKindLabel({ kind }: { kind: ExceptionKind }) {
  const { t } = useOperationsTranslation();
  return <Tag color={kind === 'demurrage_risk' || kind === 'eta_passed' ? 'error' : 'warning'}>{t(`exceptions.kinds.${kind}`)}</Tag>;
}

/** A moment in the reader's language and time zone: "26 Nov 2026, 14:05". */
export function useMoment() {
  const { i18n } = useOperationsTranslation();
  return (iso: string | null | undefined) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
}

/** A delay in hours as the lists show it: "+30.5 h" late, "−2 h" early, "on time" within an hour. */
export function DelayTag({ hours }: { hours: number | null }) {
  const { t, i18n } = useOperationsTranslation();
  if (hours === null) return <span>—</span>;
  if (Math.abs(hours) < 1) return <Tag color="success">{t('tracking.on_time')}</Tag>;
  const value = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: 'always' }).format(hours);
  return <Tag color={hours > 0 ? (hours > 24 ? 'error' : 'warning') : 'success'}>{t('tracking.hours', { value })}</Tag>;
}

/** The organisation's charge codes by id ("OFR — Ocean freight"), for lines that carry only the code. */
export function useChargeNames() {
  const codes = useQuery({
    queryKey: ['charge-codes', 'all'],
    queryFn: () => api.list<{ id: string; code: string; name: string }>('/charge-codes', { params: { per_page: 100, sort: 'code' }, silent: true }),
    staleTime: 60_000,
  });
  return (id: string | null) => {
    const c = id ? codes.data?.data.find((x) => x.id === id) : undefined;
    return c ? `${c.code} — ${c.name}` : null;
  };
}
