import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

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

/**
 * Sends a table as CSV or XLSX, streamed: rows come in batches (keyset or offset pages read one after
 * another), so memory stays flat whatever the number of rows. CSV starts with a BOM (spreadsheets
 * then read UTF-8) and neutralises formula-like text; XLSX writes strings as text cells.
 */
export async function sendTable(
  reply: FastifyReply,
  table: { name: string; format: 'csv' | 'xlsx'; columns: string[]; batches: () => AsyncIterable<unknown[][]> },
): Promise<FastifyReply> {
  const stamp = new Date().toISOString().slice(0, 10);
  reply.header('content-disposition', `attachment; filename="${table.name}-${stamp}.${table.format}"`).header('cache-control', 'no-store');
  if (table.format === 'csv') {
    reply.type('text/csv; charset=utf-8');
    return reply.send(
      Readable.from(
        (async function* () {
          yield '\uFEFF' + stringify([table.columns]);
          // Text a spreadsheet would run as a formula leaves as text (OWASP CSV injection).
          for await (const rows of table.batches()) yield stringify(rows.map((r) => r.map(neutraliseCell)));
        })(),
      ),
    );
  }
  // Loaded on the first spreadsheet export, not at every start (it is the heaviest of our packages).
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // Strings go in as text cells, never formulas: in XLSX a value stays exactly as stored.
  const sheet = workbook.addWorksheet(table.name.slice(0, 31));
  sheet.addRow(table.columns).commit();
  (async () => {
    for await (const rows of table.batches()) for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(out);
}
