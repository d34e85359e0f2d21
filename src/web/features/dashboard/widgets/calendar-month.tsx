import { useMemo, useState } from 'react';
import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs.ts';

/** Monday first, except where the week starts on Sunday (the language's usual calendar). */
const SUNDAY_FIRST = new Set(['en', 'ja', 'zh']);

/**
 * A month view with today marked: a plain table (weekday column headers, one row a week) in the
 * interface language, with previous/next month buttons. Hand-made: antd's Calendar brings its
 * picker panels and Select, some 20 kB gzipped, for a grid of numbers.
 */
export function CalendarMonth() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const today = dayjs().format('YYYY-MM-DD');
  const weekStart = SUNDAY_FIRST.has(lang) ? 0 : 1;

  const weekdays = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(lang, { weekday: 'short' });
    const long = new Intl.DateTimeFormat(lang, { weekday: 'long' });
    // 2026-11-01 is a Sunday.
    return Array.from({ length: 7 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 10, 1 + ((i + weekStart) % 7), 12));
      return { short: fmt.format(d), long: long.format(d) };
    });
  }, [lang, weekStart]);

  const weeks = useMemo(() => {
    const lead = (month.day() - weekStart + 7) % 7;
    const first = month.subtract(lead, 'day');
    const count = Math.ceil((lead + month.daysInMonth()) / 7);
    return Array.from({ length: count }, (_, w) => Array.from({ length: 7 }, (_, d) => first.add(w * 7 + d, 'day')));
  }, [month, weekStart]);

  const title = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric' }).format(month.toDate());
  const fullDate = new Intl.DateTimeFormat(lang, { dateStyle: 'full' });

  return (
    <Flex vertical gap={8} className="fyn-month">
      <Flex justify="space-between" align="center">
        <Button type="text" size="small" icon={<LeftOutlined aria-hidden="true" />} aria-label={t('dashboard.calendar_previous')} onClick={() => setMonth((m) => m.subtract(1, 'month'))} />
        <strong aria-live="polite">{title}</strong>
        <Button type="text" size="small" icon={<RightOutlined aria-hidden="true" />} aria-label={t('dashboard.calendar_next')} onClick={() => setMonth((m) => m.add(1, 'month'))} />
      </Flex>
      <table className="fyn-month-grid">
        <caption className="fyn-visually-hidden">{title}</caption>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w.long} scope="col" abbr={w.long}>
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')}>
              {week.map((day) => {
                const iso = day.format('YYYY-MM-DD');
                const outside = day.month() !== month.month();
                const isToday = iso === today;
                return (
                  <td key={iso} className={`${outside ? 'fyn-month-outside' : ''}${isToday ? ' fyn-month-today' : ''}`}>
                    <time dateTime={iso} aria-label={fullDate.format(day.toDate())} aria-current={isToday ? 'date' : undefined}>
                      {day.date()}
                    </time>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Flex>
  );
}
