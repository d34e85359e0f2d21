import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';

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

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What an export route puts in its schema: the content types it answers (so that the OpenAPI
 * document, and the attack suite that reads it, know it for an export) and a text body.
 */
export const tableResponse = (formats: readonly ('csv' | 'xlsx')[] = ['csv']) => ({
  produces: formats.map((f) => (f === 'csv' ? 'text/csv' : XLSX_TYPE)),
  response: { 200: z.string().describe(`The table as ${formats.map((f) => f.toUpperCase()).join(' or ')}`) },
});

/** A cell as it leaves: text, a number, a boolean or empty (never an object, which exceljs would read as a formula or a rich value). */
function plain(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type Table = {
  format: 'csv' | 'xlsx';
  /** The file's name without its extension (`payroll-2026-10-bank`). */
  name: string;
  header: string[];
  /** All rows, or batches of rows as they are read (streamed: memory stays flat). */
  rows: unknown[][] | AsyncIterable<unknown[][]>;
  /** The worksheet's name (XLSX). */
  sheet?: string;
};

/**
 * The one writer of every CSV and XLSX the product sends (docs/architecture.md#exports; an ESLint
 * rule keeps csv-stringify and exceljs's writers out of every other file). CSV: UTF-8 with a BOM
 * (Excel reads it so), every text cell through neutraliseCell. XLSX: text cells only (no value
 * becomes a formula, however it starts), the header in bold. Both are attachments nobody caches.
 */
export async function sendTable(reply: FastifyReply, t: Table) {
  reply.header('content-disposition', `attachment; filename="${t.name}.${t.format}"`).header('cache-control', 'no-store');
  const batches = Array.isArray(t.rows) ? (async function* (rows: unknown[][]) { yield rows; })(t.rows) : t.rows;
  if (t.format === 'csv') {
    reply.type(CSV_TYPE);
    const line = (rows: unknown[][]) => stringify(rows.map((r) => r.map((v) => neutraliseCell(plain(v)))));
    if (Array.isArray(t.rows)) return reply.send('\uFEFF' + line([t.header, ...t.rows]));
    return reply.send(
      Readable.from(
        (async function* () {
          yield '\uFEFF' + line([t.header]);
          for await (const rows of batches) if (rows.length) yield line(rows);
        })(),
      ),
    );
  }
  // Loaded on the first spreadsheet written, not at every start (it is the heaviest of our packages).
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t.sheet ?? t.name.slice(0, 31));
  const head = sheet.addRow(t.header);
  head.font = { bold: true };
  head.commit();
  (async () => {
    for await (const rows of batches) for (const r of rows) sheet.addRow(r.map(plain)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  reply.type(XLSX_TYPE);
  return reply.send(out);
}

/**
 * The same table as a file in memory (a mail's attachment): the writer's rules, for a table small
 * enough to hold (a report's rows), never a whole export.
 */
export async function tableFile(t: Omit<Table, 'rows'> & { rows: unknown[][] }): Promise<Buffer> {
  if (t.format === 'csv') return Buffer.from('\uFEFF' + stringify([t.header, ...t.rows].map((r) => r.map((v) => neutraliseCell(plain(v))))));
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet ?? t.name.slice(0, 31));
  sheet.addRow(t.header).font = { bold: true };
  for (const r of t.rows) sheet.addRow(r.map(plain));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
