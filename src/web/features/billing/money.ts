/** Minor units (pence) as money in the interface language: 4900 → "£49.00" in English. */
export function formatMinor(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** An epoch-seconds time as a date in the interface language. */
export function formatDate(epochSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(epochSeconds * 1000));
}
