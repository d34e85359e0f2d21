import { Tag, Timeline, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import type { PermissionAction, PermissionModule } from '#shared/resources/permissions.ts';
import type { EventClassifier, ExceptionKind, ShipmentStatus, SignoffStatus } from '#shared/operations/model.ts';
import type { BookingStatus } from '#shared/operations/model.ts';
import type { TrackingEvent } from '#shared/api/operations.ts';
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

/** A tracking event as a timeline shows it: the client's public page has only what happened, where and when. */
type TimelineEvent = Pick<TrackingEvent, 'code' | 'classifier' | 'location' | 'location_name' | 'occurred_at' | 'container_number'> &
  Partial<Pick<TrackingEvent, 'id' | 'vessel' | 'voyage' | 'source' | 'applied'>>;

/**
 * Tracking events as a timeline, in the order given: what happened, to which container, when and
 * where (with the vessel and voyage), and where the event came from; an event a later one superseded
 * is faded. The shipment page, the tracking screen and the client's tracking page show the same.
 */
export function EventTimeline({ events }: { events: TimelineEvent[] }) {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  return (
    <Timeline
      items={events.map((e, i) => ({
        key: e.id ?? i,
        color: e.classifier === 'ACT' ? 'green' : e.classifier === 'EST' ? 'orange' : 'gray',
        content: (
          <div style={{ opacity: e.applied === false ? 0.55 : 1 }}>
            <EventLabel code={e.code} classifier={e.classifier} /> {e.container_number && <Tag>{e.container_number}</Tag>}
            <div>{moment(e.occurred_at)} · {e.location_name ?? e.location ?? '—'}{e.vessel ? ` · ${e.vessel} ${e.voyage ?? ''}` : ''}</div>
            {e.source && <Typography.Text type="secondary">{t(`tracking.sources.${e.source}`)}{e.applied === false && ` · ${t('tracking.superseded')}`}</Typography.Text>}
          </div>
        ),
      }))}
    />
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

/** The organisation's charge codes (the first hundred by code), shared by the charge names and the charges editor. */
export function useChargeCodes() {
  return useQuery({
    queryKey: ['charge-codes', 'all'],
    queryFn: () => api.list<{ id: string; code: string; name: string }>('/charge-codes', { params: { per_page: 100, sort: 'code' }, silent: true }),
    staleTime: 60_000,
  });
}

/** The organisation's charge codes by id ("OFR — Ocean freight"), for lines that carry only the code. */
export function useChargeNames() {
  const codes = useChargeCodes();
  return (id: string | null) => {
    const c = id ? codes.data?.data.find((x) => x.id === id) : undefined;
    return c ? `${c.code} — ${c.name}` : null;
  };
}

/**
 * Whether the user's role grants `module.action`, as the session user says (false while unknown).
 * Hiding a button is a courtesy, never the check: the server checks every call.
 */
export function useCan() {
  const permissions = useSessionStore((s) => s.user?.permissions);
  return (module: PermissionModule, action: PermissionAction) => Boolean(permissions?.includes(`${module}.${action}`));
}

/** Days from `today` to `day` (both `YYYY-MM-DD`): negative when it is past. */
export const daysBetween = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/**
 * A due day in the reader's language with how far it is ("18 Dec 2026 · in 3 days", "… · yesterday"),
 * never shifted by a time zone: a due day is a day, not a moment.
 */
export function DueDay({ day, today }: { day: string; today?: string }) {
  const { i18n } = useOperationsTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const rel = today ? new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }).format(daysBetween(today, day), 'day') : null;
  return <time dateTime={day}>{rel ? `${date} · ${rel}` : date}</time>;
}
