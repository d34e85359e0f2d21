import { Calendar, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs.ts';

/**
 * A month view, today highlighted by antd. Its texts follow the interface language through
 * ConfigProvider's locale and the dayjs locale the app loads with it. Loaded on demand: antd's
 * Calendar (picker panels) is heavy for the dashboard's first paint. The header uses labelled
 * native selects: antd's own have no accessible names.
 */
export function CalendarMonth() {
  const { t, i18n } = useTranslation();
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(2026, m, 1));
  return (
    <Calendar
      fullscreen={false}
      defaultValue={dayjs()}
      headerRender={({ value, onChange }) => {
        const year = value.year();
        return (
          <Flex gap={8} justify="flex-end" className="fyn-calendar-header">
            <select aria-label={t('dashboard.calendar_month')} value={value.month()} onChange={(e) => onChange(value.month(Number(e.target.value)))}>
              {Array.from({ length: 12 }, (_, m) => (
                <option key={m} value={m}>{monthName(m)}</option>
              ))}
            </select>
            <select aria-label={t('dashboard.calendar_year')} value={year} onChange={(e) => onChange(value.year(Number(e.target.value)))}>
              {Array.from({ length: 11 }, (_, k) => year - 5 + k).map((y) => (
                <option key={y} value={y}>{y}</option>
              ))}
            </select>
          </Flex>
        );
      }}
    />
  );
}
