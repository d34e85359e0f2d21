/** First characters with which a spreadsheet program reads a cell as a formula or a command. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as it may leave in a CSV or XLSX cell (OWASP "CSV injection"): text that Excel,
 * LibreOffice or Google Sheets would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`) gets
 * a leading apostrophe, which they show as text. Numbers, booleans and dates stay as they are.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
