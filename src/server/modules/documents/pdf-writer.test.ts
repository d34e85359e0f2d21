import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from './pdf-writer.ts';
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
