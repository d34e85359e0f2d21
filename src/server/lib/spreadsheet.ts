/** First characters with which a spreadsheet program reads a cell as a formula or a command. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as it may leave in a CSV cell (OWASP "CSV injection"): text that Excel, LibreOffice or
 * Google Sheets would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`) gets a leading
 * apostrophe, so they read it as text. Numbers, booleans and dates stay as they are. (XLSX needs
 * none: there a string is written as a text cell, which no program runs, and an apostrophe
 * would show as part of the value.)
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
