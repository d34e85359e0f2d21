import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

/**
 * One PDF writer for every document FYN prints (quotes now; bookings, bills and payslips later):
 * A4 pages with text in any of the product's languages. Each character is set in the first font
 * that has it: Manrope (Latin, Latin Extended for Romanian, Cyrillic), then Noto Sans SC for
 * Chinese and Japanese (SIL Open Font Licence). Fonts are embedded as subsets, so the text stays
 * extractable and a page carries only the glyphs it uses.
 */
const require = createRequire(import.meta.url);
type Weight = 'regular' | 'bold';
const FONT_FILES: Record<Weight, string[]> = {
  regular: [
    '@fontsource/manrope/files/manrope-latin-400-normal.woff',
    '@fontsource/manrope/files/manrope-latin-ext-400-normal.woff',
    '@fontsource/manrope/files/manrope-cyrillic-400-normal.woff',
    '@fontsource/manrope/files/manrope-cyrillic-ext-400-normal.woff',
    '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  ],
  bold: [
    '@fontsource/manrope/files/manrope-latin-700-normal.woff',
    '@fontsource/manrope/files/manrope-latin-ext-700-normal.woff',
    '@fontsource/manrope/files/manrope-cyrillic-700-normal.woff',
    '@fontsource/manrope/files/manrope-cyrillic-ext-700-normal.woff',
    '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  ],
};

type FontFile = { bytes: Buffer; has: (codePoint: number) => boolean };
type Fontkit = { create(bytes: Buffer, postscriptName?: string): { hasGlyphForCodePoint(c: number): boolean } };
type TtfSubset = { glyf: Uint8Array[]; offset: number; _addGlyph?: (gid: number) => number };

/**
 * @pdf-lib/fontkit subsets TrueType fonts without padding each glyph to an even length, while the
 * subset's `loca` may be written in the short format (offsets ÷ 2): after the first glyph of odd
 * length every later glyph is read from the wrong place and prints as nothing. Noto Sans SC has
 * many such glyphs (方, 公, 有 …), so Chinese and Japanese lost characters on paper although the
 * text layer was right. Each glyph is padded to a multiple of 4 bytes, as the TrueType spec
 * recommends.
 */
export function paddedSubsets(fontkit: Fontkit): Fontkit {
  // One parsed font per file for the whole process: pdf-lib has fontkit parse the bytes again for
  // every document, which copies them byte by byte (10 MB for Noto Sans SC) and reads every table
  // again. A subset stays per document (createSubset below).
  const parsed = new WeakMap<Buffer, Map<string, ReturnType<Fontkit['create']>>>();
  return {
    create(bytes, postscriptName) {
      let byName = parsed.get(bytes);
      if (!byName) parsed.set(bytes, (byName = new Map()));
      const known = byName.get(postscriptName ?? '');
      if (known) return known;
      const font = fontkit.create(bytes, postscriptName) as ReturnType<Fontkit['create']> & { createSubset?: () => TtfSubset };
      byName.set(postscriptName ?? '', font);
      const createSubset = font.createSubset?.bind(font);
      if (createSubset) {
        font.createSubset = () => {
          const subset = createSubset();
          const addGlyph = subset._addGlyph?.bind(subset);
          if (addGlyph) {
            subset._addGlyph = (gid) => {
              const index = addGlyph(gid);
              const data = subset.glyf[index];
              const pad = (4 - (data.length % 4)) % 4;
              if (pad) {
                // fontkit's own buffer type, which its encoder takes (a plain Uint8Array is refused).
                const Kind = data.constructor as { alloc?: (n: number) => Uint8Array; new (n: number): Uint8Array };
                const padded = Kind.alloc ? Kind.alloc(data.length + pad) : new Kind(data.length + pad);
                padded.fill(0);
                padded.set(data);
                subset.glyf[index] = padded;
                subset.offset += pad;
              }
              return index;
            };
          }
          return subset;
        };
      }
      return font;
    },
  };
}
/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps (W3C WOFF 1.0 §3–5): each table
 * inflated once, here, with Node's zlib. fontkit reads a WOFF by inflating a table in JavaScript
 * every time it is asked for it, and it asks for `glyf` once per glyph: that made most of the time
 * a document took to print. Anything that is not a WOFF comes back as it is.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error(`WOFF table ${woff.toString('latin1', at, at + 4)}: ${data.length} bytes, ${origLength} declared`);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  woff.copy(header, 0, 4, 8); // the flavour: the sfnt version of the font inside
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let loaded: Promise<{ fontkit: Fontkit; files: Record<Weight, FontFile[]> }> | null = null;

/** The font files and what each covers, read once (the CJK font is 10 MB: not at start-up, with the first document). */
function fonts() {
  loaded ??= (async () => {
    const fontkit = (await import('@pdf-lib/fontkit')).default as unknown as Fontkit;
    const read = (spec: string): FontFile => {
      const bytes = woffToSfnt(readFileSync(require.resolve(spec)));
      const font = fontkit.create(bytes);
      return { bytes, has: (c) => font.hasGlyphForCodePoint(c) };
    };
    return { fontkit: paddedSubsets(fontkit), files: { regular: FONT_FILES.regular.map(read), bold: FONT_FILES.bold.map(read) } };
  })();
  return loaded;
}

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;

export type TextStyle = { size?: number; weight?: Weight; color?: RGB };

export class PdfWriter {
  page!: PDFPage;
  /** The baseline of the next line, from the bottom of the page. */
  y = 0;
  /** One embedding per font file (the promise, so that runs measured at once do not embed it twice). */
  private readonly embedded = new Map<FontFile, Promise<PDFFont>>();
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private constructor(
    readonly pdf: PDFDocument,
    private readonly files: Record<Weight, FontFile[]>,
    private readonly lib: typeof import('pdf-lib'),
  ) {}

  static async create(title: string, author: string): Promise<PdfWriter> {
    const lib = await import('pdf-lib');
    const { fontkit, files } = await fonts();
    const pdf = await lib.PDFDocument.create();
    pdf.registerFontkit(fontkit as never);
    pdf.setTitle(title);
    pdf.setAuthor(author);
    pdf.setCreator('FYN · Forward Your Network');
    const w = new PdfWriter(pdf, files, lib);
    w.newPage();
    return w;
  }

  rgb(hex: string): RGB {
    const n = Number.parseInt(hex.replace('#', ''), 16);
    return this.lib.rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
  }

  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Starts a new page when fewer than `needed` points are left above the bottom margin. */
  ensure(needed: number) {
    if (this.y - needed < MARGIN) this.newPage();
  }

  private font(file: FontFile): Promise<PDFFont> {
    let f = this.embedded.get(file);
    if (!f) {
      f = this.pdf.embedFont(file.bytes, { subset: true });
      this.embedded.set(file, f);
    }
    return f;
  }

  /** The text cut into runs, each in the first font that has all of its characters (the last font when none has one). */
  private async runs(text: string, weight: Weight): Promise<{ text: string; font: PDFFont }[]> {
    const out: { text: string; file: FontFile }[] = [];
    const files = this.files[weight];
    for (let ch of text.replace(/[\t\r\n]+/g, ' ')) {
      let c = ch.codePointAt(0)!;
      let file = files.find((f) => f.has(c));
      // A space no font draws (French groups thousands with U+202F) is printed as a plain space, never as a missing glyph.
      if (!file && /\p{Zs}/u.test(ch)) [ch, c, file] = [' ', 32, files.find((f) => f.has(32))];
      file ??= files[files.length - 1];
      const last = out.at(-1);
      if (last && last.file === file) last.text += ch;
      else out.push({ text: ch, file });
    }
    return Promise.all(out.map(async (r) => ({ text: r.text, font: await this.font(r.file) })));
  }

  /**
   * A run's width at a size, measured once per document: measuring lays the text out (fontkit's
   * shaping), which made most of a document's time, and a table or a wrapped paragraph asks for
   * the same words again and again.
   */
  private runWidth(font: PDFFont, text: string, size: number): number {
    let known = this.widths.get(font);
    if (!known) this.widths.set(font, (known = new Map()));
    const key = `${size} ${text}`;
    let w = known.get(key);
    if (w === undefined) known.set(key, (w = font.widthOfTextAtSize(text, size)));
    return w;
  }

  async width(text: string, style: TextStyle = {}): Promise<number> {
    const size = style.size ?? 10;
    let w = 0;
    for (const r of await this.runs(text, style.weight ?? 'regular')) w += this.runWidth(r.font, r.text, size);
    return w;
  }

  /** Draws one line of text at x on the current baseline; `align: 'right'` ends it at x. */
  async text(text: string, x: number, style: TextStyle & { align?: 'left' | 'right' } = {}) {
    if (!text) return;
    const size = style.size ?? 10;
    let at = style.align === 'right' ? x - (await this.width(text, style)) : x;
    for (const r of await this.runs(text, style.weight ?? 'regular')) {
      this.page.drawText(r.text, { x: at, y: this.y, size, font: r.font, color: style.color ?? this.rgb('#1f2937') });
      at += this.runWidth(r.font, r.text, size);
    }
  }

  /**
   * Text wrapped to `width` points (at spaces, or anywhere for CJK), moving down line by line. A
   * line's width is the sum of its tokens' (a word with its space, or one CJK character), each
   * measured once, rather than the growing line measured again for every word.
   */
  async paragraph(text: string, x: number, width: number, style: TextStyle = {}) {
    const size = style.size ?? 10;
    const lineHeight = size * 1.4;
    for (const source of text.split(/\n/)) {
      let line = '';
      let lineWidth = 0;
      for (const token of source.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+/g) ?? []) {
        const tokenWidth = await this.width(token, style);
        if (line && lineWidth + tokenWidth > width) {
          this.ensure(lineHeight);
          await this.text(line.trimEnd(), x, style);
          this.y -= lineHeight;
          line = token.trimStart();
          lineWidth = line === token ? tokenWidth : await this.width(line, style);
        } else {
          line += token;
          lineWidth += tokenWidth;
        }
      }
      this.ensure(lineHeight);
      await this.text(line.trimEnd(), x, style);
      this.y -= lineHeight;
    }
  }

  line(x1: number, x2: number, color = '#d1d5db') {
    this.page.drawLine({ start: { x: x1, y: this.y }, end: { x: x2, y: this.y }, thickness: 0.5, color: this.rgb(color) });
  }

  /** A PNG or JPEG image (a logo) fitted into a box, its top at the current baseline; other formats are skipped. */
  async image(bytes: Buffer, x: number, maxWidth: number, maxHeight: number): Promise<number> {
    const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const jpg = bytes[0] === 0xff && bytes[1] === 0xd8;
    if (!png && !jpg) return 0;
    const img = png ? await this.pdf.embedPng(bytes) : await this.pdf.embedJpg(bytes);
    const scale = Math.min(maxWidth / img.width, maxHeight / img.height, 1);
    const h = img.height * scale;
    this.page.drawImage(img, { x, y: this.y - h, width: img.width * scale, height: h });
    return h;
  }

  async bytes(): Promise<Buffer> {
    return Buffer.from(await this.pdf.save());
  }
}
