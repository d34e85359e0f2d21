import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { neutraliseCell } from './spreadsheet.ts';

export type TableFormat = 'csv' | 'xlsx';
type Rows = AsyncIterable<unknown[][]> | Iterable<unknown[][]>;

/**
 * Sends a table as a CSV or XLSX download, streamed batch by batch (memory stays flat whatever
 * the number of rows): the resource exports and the AI usage history use it. CSV cells a
 * spreadsheet would run as formulas are neutralised (OWASP CSV injection); in XLSX a string is a
 * text cell, which no program runs.
 */
export async function sendTable(reply: FastifyReply, input: { name: string; filename: string; format: TableFormat; columns: string[]; batches: Rows }) {
  const { format, columns, batches } = input;
  reply.header('content-disposition', `attachment; filename="${input.filename}.${format}"`).header('cache-control', 'no-store');
  if (format === 'csv') {
    reply.type('text/csv; charset=utf-8');
    return reply.send(
      Readable.from(
        (async function* () {
          yield '\uFEFF' + stringify([columns]);
          for await (const rows of batches) yield stringify(rows.map((r) => r.map(neutraliseCell)));
        })(),
      ),
    );
  }
  // Loaded on the first spreadsheet export, not at every start (it is the heaviest of our packages).
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(input.name);
  sheet.addRow(columns).commit();
  (async () => {
    for await (const rows of batches) for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(out);
}
