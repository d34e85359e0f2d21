import { parse } from 'csv-parse/sync';
import { AppError } from './errors.ts';

/** An uploaded table's limits: the file, what its zip (XLSX) unpacks to, and its rows. */
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, unpacked: 24 * 1024 * 1024, rows: 5000 } as const;

/** A table's rows by normalised header ("Company name" → company_name), cell values as trimmed text; `row` is its line in the file (the header is 1). */
export type ImportRow = { row: number; cells: Record<string, string> };

const normalise = (h: string) => h.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
const tooBig = () => new AppError(413, 'file_too_large', `An import file is at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB and ${IMPORT_LIMITS.rows} rows.`, { file: 'file_too_large' });
const unreadable = () => new AppError(422, 'file_unreadable', 'The file is neither a CSV file nor an Excel workbook (.xlsx) that can be read.', { file: 'file_type' });

/**
 * What a ZIP archive (an XLSX) unpacks to, from its central directory, before anything is inflated: a
 * small file that unpacks to gigabytes (a zip bomb) is refused without being opened.
 */
export function unpackedSize(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw unreadable();
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    total += zip.readUInt32LE(at + 24);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/** The rows of an uploaded CSV (UTF-8, comma or semicolon) or XLSX (its first sheet, values only: a formula gives its last result). */
export async function readTable(data: Buffer): Promise<ImportRow[]> {
  if (data.length > IMPORT_LIMITS.bytes) throw tooBig();
  let table: string[][];
  if (data.subarray(0, 2).toString('latin1') === 'PK') {
    if (unpackedSize(data) > IMPORT_LIMITS.unpacked) throw tooBig();
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw unreadable();
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw unreadable();
    if (sheet.rowCount > IMPORT_LIMITS.rows + 1) throw tooBig();
    table = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const v = cell.value as unknown;
        const value = v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v && typeof v === 'object' && 'text' in v ? (v as { text: unknown }).text : v;
        cells[col - 1] = value instanceof Date ? value.toISOString().slice(0, 10) : value == null ? '' : String(value);
      });
      table[n - 1] = cells;
    });
  } else {
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    try {
      table = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
    } catch {
      throw unreadable();
    }
  }
  const [header = [], ...body] = table;
  const names = Array.from(header, (h) => normalise(h ?? ''));
  if (!names.some(Boolean)) throw new AppError(422, 'validation_failed', 'The first row must name the columns.', { file: 'header_missing' });
  if (body.length > IMPORT_LIMITS.rows) throw tooBig();
  const rows: ImportRow[] = [];
  body.forEach((cells, i) => {
    const values: Record<string, string> = {};
    names.forEach((name, c) => {
      const v = (cells?.[c] ?? '').trim();
      if (name && v !== '') values[name] = v;
    });
    if (Object.keys(values).length) rows.push({ row: i + 2, cells: values });
  });
  return rows;
}

/** The first of the given headers a row has (aliases: "company", "company_name"). */
export const cellOf = (r: ImportRow, ...names: string[]): string | undefined => names.map((n) => r.cells[n]).find((v) => v !== undefined);

/** A field → message map of a zod error (the first message of each field, the path joined by dots). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || 'row';
    out[key] ??= i.message;
  }
  return out;
}
