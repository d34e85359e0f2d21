import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfWriter, woffToSfnt } from './pdf-writer.ts';
import { pdfText } from '../../test/pdf-text.ts';

type Glyphs = { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };

/** The fonts embedded in a PDF, parsed back (their FontFile2 streams). */
async function embeddedFonts(bytes: Buffer): Promise<Glyphs[]> {
  const { PDFDocument, PDFName, PDFDict } = await import('pdf-lib');
  const fontkit = (await import('@pdf-lib/fontkit')).default as unknown as { create(b: Buffer): Glyphs };
  const pdf = await PDFDocument.load(bytes);
  const out: Glyphs[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const stream = pdf.context.lookup(obj.get(PDFName.of('FontFile2'))) as unknown as { contents: Uint8Array };
    out.push(fontkit.create(inflateSync(Buffer.from(stream.contents))));
  }
  return out;
}

describe('PdfWriter', () => {
  it('embeds one subset per font, and every glyph of it draws (odd-length TrueType glyphs once came out blank)', async () => {
    const w = await PdfWriter.create('Glyphs', 'FYN');
    // 方, 公 and 有 have glyph data of odd length in Noto Sans SC; Cyrillic and Latin in Manrope.
    await w.text('上海东方家具制造有限公司 ハウスエアウェイビル Шанхайская «Восток» Felixstowe', 48);
    w.y -= 20;
    await w.text('北风进口有限公司 陈静 王芳 Ploiești', 48, { weight: 'bold' });
    const bytes = await w.bytes();
    expect(await pdfText(bytes)).toContain('上海东方家具制造有限公司');
    const fonts = await embeddedFonts(bytes);
    // Regular and bold, each Manrope's Latin, Latin-extended and Cyrillic part as used, and Noto Sans SC.
    expect(fonts.length).toBeGreaterThanOrEqual(4);
    const blank = fonts.flatMap((f) => Array.from({ length: f.numGlyphs - 1 }, (_, i) => f.getGlyph(i + 1).path.commands.length)).filter((n) => n === 0);
    // Only the space glyphs (one per font that drew a space) have no outline.
    expect(blank.length).toBeLessThanOrEqual(fonts.length);
  });
});

describe('woffToSfnt', () => {
  it('gives the TrueType file inside a WOFF: the same glyphs, outlines and advances, and every table where its directory says', async () => {
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    const fontkit = (await import('@pdf-lib/fontkit')).default as unknown as {
      create(b: Buffer): Glyphs & { unitsPerEm: number; glyphForCodePoint(c: number): { id: number; advanceWidth: number; path: { toSVG(): string } } };
    };
    const woff = readFileSync(createRequire(import.meta.url).resolve('@fontsource/manrope/files/manrope-latin-400-normal.woff'));
    const sfnt = woffToSfnt(woff);
    expect(woff.toString('latin1', 0, 4)).toBe('wOFF');
    // The flavour of this WOFF is TrueType (0x00010000); the offset table declares the WOFF's table count.
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const numTables = sfnt.readUInt16BE(4);
    expect(numTables).toBe(woff.readUInt16BE(12));
    // searchRange, entrySelector, rangeShift as the OpenType spec defines them, worked out for this count.
    const selector = Math.floor(Math.log2(numTables));
    expect([sfnt.readUInt16BE(6), sfnt.readUInt16BE(8), sfnt.readUInt16BE(10)]).toEqual([2 ** selector * 16, selector, numTables * 16 - 2 ** selector * 16]);
    // Each table's data sits 4-byte aligned at its offset, with the WOFF's original length.
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16;
      expect(sfnt.readUInt32BE(at + 8) % 4).toBe(0);
      expect(sfnt.readUInt32BE(at + 12)).toBe(woff.readUInt32BE(44 + i * 20 + 12));
    }
    const a = fontkit.create(woff);
    const b = fontkit.create(sfnt);
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.unitsPerEm).toBe(a.unitsPerEm);
    for (const c of 'Ag&ăş€'.split('').map((ch) => ch.codePointAt(0)!)) {
      const [ga, gb] = [a.glyphForCodePoint(c), b.glyphForCodePoint(c)];
      expect([gb.id, gb.advanceWidth, gb.path.toSVG()]).toEqual([ga.id, ga.advanceWidth, ga.path.toSVG()]);
    }
    // A file that is not a WOFF (Noto Sans SC is TrueType) is given back as it is.
    const ttf = Buffer.from([0, 1, 0, 0, 0, 0]);
    expect(woffToSfnt(ttf)).toBe(ttf);
  });
});
