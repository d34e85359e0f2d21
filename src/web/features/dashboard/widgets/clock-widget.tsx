import { useEffect, useMemo, useState } from 'react';
import { Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

type OfficeClock = { id: string; name: string; time_zone: string };

/** The local time zone's IANA name (e.g. Europe/Rotterdam), when the browser tells it. */
function localTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The time zone's long name in `language` (e.g. "Central European Summer Time"). */
function timeZoneLongName(language: string, at: Date): string | undefined {
  return new Intl.DateTimeFormat(language, { timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/** Now, renewed every second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** The organisation's office clocks (control centre › reference lists), for members who may read them. */
function useOfficeClocks() {
  const hasOrganisation = useSessionStore((s) => Boolean(s.user?.organisation));
  const canView = useSessionStore((s) => s.user?.permissions.includes('control_centre.view') ?? false);
  const query = useQuery({
    queryKey: ['dashboard', 'clocks'],
    enabled: hasOrganisation && canView,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () => (await api.list<OfficeClock>('/clocks', { params: { per_page: 12, sort: 'position' }, silent: true })).data,
  });
  return { clocks: query.data ?? [], canSetUp: hasOrganisation && canView && query.isSuccess };
}

/** "+1 day" / "−1 day" when an office's calendar date differs from the local one. */
function dayOffset(now: Date, zone: string): number {
  const day = (tz?: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return Math.round((Date.parse(day(zone)) - Date.parse(day())) / 86_400_000);
}

/**
 * The local time, date and time zone in the interface language, then the time at each of the
 * organisation's offices (the control centre's clocks).
 */
export function ClockWidget() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const now = useNow();
  const { clocks, canSetUp } = useOfficeClocks();
  const formats = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(language, { timeStyle: 'medium' }),
      date: new Intl.DateTimeFormat(language, { dateStyle: 'full' }),
    }),
    [language],
  );
  const zone = localTimeZone();
  const zoneName = timeZoneLongName(language, now);
  const zoneLabel = [zone?.replace(/_/g, ' '), zoneName].filter(Boolean).join(' · ');

  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{t('dashboard.clock.local')}</Typography.Text>
      <time
        dateTime={now.toISOString()}
        className="fyn-dashboard-clock-time"
        // Read once on focus or by the reader's own pace, never announced every second.
        aria-live="off"
      >
        {formats.time.format(now)}
      </time>
      <Typography.Text>{formats.date.format(now)}</Typography.Text>
      {zoneLabel && <Typography.Text type="secondary">{t('dashboard.clock.time_zone', { zone: zoneLabel })}</Typography.Text>}
      {clocks.length > 0 ? (
        <ul className="fyn-widget-list" style={{ marginTop: 12 }} aria-label={t('dashboard.clock.offices')}>
          {clocks.map((c) => {
            const offset = dayOffset(now, c.time_zone);
            return (
              <li key={c.id}>
                <span>{c.name}</span>
                <span>
                  <time dateTime={now.toISOString()}>{new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: c.time_zone }).format(now)}</time>
                  {offset !== 0 && <Typography.Text type="secondary"> {t('dashboard.clock.day_offset', { count: offset, sign: offset > 0 ? '+' : '−', n: Math.abs(offset) })}</Typography.Text>}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('dashboard.clock.organisation_hint')}{' '}
          {canSetUp && <Link to="/organisation/control-centre/reference-lists">{t('dashboard.clock.set_up')}</Link>}
        </Typography.Paragraph>
      )}
    </Flex>
  );
}
