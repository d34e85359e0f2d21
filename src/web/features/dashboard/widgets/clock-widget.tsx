import { useEffect, useMemo, useState } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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

/**
 * The local time, date and time zone in the interface language. The organisation's clocks
 * (control centre) have no API yet: only a hint says where they will appear.
 */
export function ClockWidget() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const now = useNow();
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
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('dashboard.clock.organisation_hint')}
      </Typography.Paragraph>
    </Flex>
  );
}
