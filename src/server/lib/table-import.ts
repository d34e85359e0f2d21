import { parse } from 'csv-parse/sync';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { AppError } from './errors.ts';

/** An uploaded table's limits: the file, what its zip (XLSX) unpacks to, and its rows. */
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, unpacked: 24 * 1024 * 1024, rows: 5000 } as const;

/** A table's rows by normalised header ("Company name" → company_name), cell values as trimmed text; `row` is its line in the file (the header is 1). */
export type ImportRow = { row: number; cells: Record<string, string> };

const normalise = (h: string) => h.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
const tooBig = () => new AppError(413, 'file_too_large', `An import file is at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB and ${IMPORT_LIMITS.rows} rows.`, { file: 'file_too_large' });
const unreadable = () => new AppError(422, 'file_unreadable', 'The file is neither a CSV file nor an Excel workbook (.xlsx) that can be read.', { file: 'file_type' });

/**
 * Limits of an uploaded archive (an XLSX is a ZIP): how many entries, how many bytes its entries
 * may unpack to in all, and how much larger than its compressed form one entry may grow. They hold
 * for the bytes inflation actually produces, not for the sizes the archive declares (a zip bomb
 * declares 1 KB and unpacks to gigabytes).
 */
export const ARCHIVE_LIMITS = { entries: 256, ratio: 200, smallEntry: 64 * 1024 } as const;

type Entry = { name: string; data: Buffer };

const inflate = promisify(inflateRaw);

/**
 * The entries of a ZIP archive, inflated with a hard cap on the bytes produced: each entry inflates
 * with at most what is left of IMPORT_LIMITS.unpacked and at most ARCHIVE_LIMITS.ratio times its
 * compressed bytes (zlib stops as soon as it has produced that much), so memory stays bounded
 * whatever the archive claims. Read from the central directory; an entry whose local header,
 * sizes or checksum disagree with it, or a ZIP64 or encrypted archive, is unreadable.
 */
export async function unzipCapped(zip: Buffer): Promise<Entry[]> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw unreadable();
  const count = zip.readUInt16LE(end + 10);
  if (count > ARCHIVE_LIMITS.entries) throw tooBig();
  let at = zip.readUInt32LE(end + 16);
  let budget: number = IMPORT_LIMITS.unpacked;
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const declared = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    // Encrypted, ZIP64 (no upload of 2 MB needs it) or a method other than stored and deflated.
    if (flags & 1 || compressed === 0xffffffff || declared === 0xffffffff || (method !== 0 && method !== 8)) throw unreadable();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw unreadable();
    const raw = zip.subarray(start, start + compressed);
    const cap = Math.min(budget, Math.max(ARCHIVE_LIMITS.smallEntry, compressed * ARCHIVE_LIMITS.ratio));
    let data: Buffer;
    if (method === 0) data = raw;
    else {
      try {
        // One byte over the cap is enough to know: zlib stops there.
        data = await inflate(raw, { maxOutputLength: cap + 1 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
        throw unreadable();
      }
    }
    if (data.length > cap) throw tooBig();
    if (data.length !== declared || crc32(data) !== crc) throw unreadable();
    budget -= data.length;
    entries.push({ name, data });
  }
  return entries;
}

/** An entry as a ZIP holds it: its bytes as stored (method 0) or deflated (8), and what it declares. */
export type ZipRecord = { name: string; data: Buffer; method: 0 | 8; crc: number; size: number; declaredCompressed?: number };

/** A ZIP archive of entries written as given (names in UTF-8): the one ZIP writer, for imports and their tests. */
export function writeZip(entries: ZipRecord[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6);
    head.writeUInt16LE(e.method, 8);
    head.writeUInt32LE(e.crc >>> 0, 14);
    head.writeUInt32LE(e.data.length, 18);
    head.writeUInt32LE(e.size, 22);
    head.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.declaredCompressed ?? e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(entries.length, 8);
  tail.writeUInt16LE(entries.length, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}

/** A ZIP archive of the given entries, stored without compression (what exceljs reads after unzipCapped). */
export const storedZip = (entries: Entry[]): Buffer => writeZip(entries.map((e) => ({ name: e.name, data: e.data, method: 0, crc: crc32(e.data), size: e.data.length })));

/** The rows of an uploaded CSV (UTF-8, comma or semicolon) or XLSX (its first sheet, values only: a formula gives its last result). */
export async function readTable(data: Buffer): Promise<ImportRow[]> {
  if (data.length > IMPORT_LIMITS.bytes) throw tooBig();
  let table: string[][];
  if (data.subarray(0, 2).toString('latin1') === 'PK') {
    // exceljs inflates whatever an archive holds: it gets the entries inflated under the caps, stored.
    const unpacked = storedZip(await unzipCapped(data));
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(unpacked as unknown as ArrayBuffer);
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
      // A cell our own exports neutralised ('=…, sendTable) comes back as it was.
      const v = (cells?.[c] ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '');
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
