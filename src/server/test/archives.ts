import { constants, crc32, deflateRawSync } from 'node:zlib';
import { writeZip } from '../lib/table-import.ts';

/**
 * ZIP archives and XLSX workbooks for import tests, honest or built to lie about their sizes
 * (zip bombs): each entry's content is given as parts, a part may repeat many times, and the
 * archive declares whatever size it is told to.
 *
 * A repeated part costs its compressed size once per repeat, not its inflated size: each part is
 * deflated on its own and flushed (Z_FULL_FLUSH ends it on a byte boundary with a fresh
 * dictionary), so its bytes can be laid down again and again and still form one valid deflate
 * stream. 700 MB of spaces are about 700 KB of archive, made in milliseconds.
 */
export type Part = { text: string | Buffer; times?: number };
export type ArchiveEntry = {
  name: string;
  parts: Part[];
  /** The uncompressed size the archive declares (default: the true one). */
  declaredSize?: number;
  /** The compressed size the central directory declares (default: the true one). */
  declaredCompressed?: number;
  /** The checksum declared (default: the true one; not worked out for entries over 64 MB, which declare 0). */
  crc?: number;
};

const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

function deflated(parts: Part[]): { data: Buffer; size: number; crc: number } {
  const chunks: Buffer[] = [];
  let size = 0;
  for (const p of parts) {
    const raw = Buffer.isBuffer(p.text) ? p.text : Buffer.from(p.text, 'utf8');
    const block = deflateRawSync(raw, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    for (let i = 0; i < (p.times ?? 1); i++) chunks.push(block);
    size += raw.length * (p.times ?? 1);
  }
  chunks.push(FINAL_EMPTY_BLOCK);
  const crc = size <= 64 * 1024 * 1024 ? parts.reduce((c, p) => {
    const raw = Buffer.isBuffer(p.text) ? p.text : Buffer.from(p.text, 'utf8');
    for (let i = 0; i < (p.times ?? 1); i++) c = crc32(raw, c);
    return c;
  }, 0) : 0;
  return { data: Buffer.concat(chunks), size, crc };
}

/** A ZIP archive of deflated entries, declaring what each entry says. */
export function zipOf(entries: ArchiveEntry[]): Buffer {
  return writeZip(entries.map((e) => {
    const { data, size, crc } = deflated(e.parts);
    return { name: e.name, data, method: 8, crc: e.crc ?? crc, size: e.declaredSize ?? size, declaredCompressed: e.declaredCompressed };
  }));
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/**
 * A minimal XLSX workbook whose first sheet holds `rows` (inline strings), written by hand so that
 * its sheet can carry `padding` (a part repeated inside the sheet's XML, e.g. a megabyte of spaces
 * 700 times) and its sheet entry can declare any size.
 */
export function xlsxOf(rows: string[][], lie: { padding?: Part; declaredSize?: number } = {}): Buffer {
  const cells = rows
    .map((r, y) => `<row r="${y + 1}">${r.map((v, x) => `<c r="${column(x)}${y + 1}" t="inlineStr"><is><t>${xml(v)}</t></is></c>`).join('')}</row>`)
    .join('');
  const sheetHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const sheetTail = `${cells}</sheetData></worksheet>`;
  return zipOf([
    {
      name: '[Content_Types].xml',
      parts: [{ text: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' }],
    },
    {
      name: '_rels/.rels',
      parts: [{ text: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' }],
    },
    {
      name: 'xl/workbook.xml',
      parts: [{ text: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>' }],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      parts: [{ text: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' }],
    },
    { name: 'xl/worksheets/sheet1.xml', parts: [{ text: sheetHead }, ...(lie.padding ? [lie.padding] : []), { text: sheetTail }], declaredSize: lie.declaredSize },
  ]);
}

/** A megabyte of spaces: padding that XML parsers skip and deflate shrinks about a thousandfold. */
export const MEGABYTE_OF_SPACES = ' '.repeat(1024 * 1024);
