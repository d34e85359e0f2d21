/** "2026-11-21" in the interface language (a calendar day: no time zone shift). */
export function formatDay(value: string, language: string): string {
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}
