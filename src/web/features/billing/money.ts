/** An epoch-seconds time as a date in the interface language. */
export function formatDate(epochSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(epochSeconds * 1000));
}
