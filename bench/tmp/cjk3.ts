import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
const { PDFDocument, PDFName, PDFRawStream, PDFStream } = await import('pdf-lib');
const fontkit = (await import('@pdf-lib/fontkit')).default as any;
const pdf = await PDFDocument.load(readFileSync('/tmp/cjk-true.pdf'));
for (const [ref, obj] of pdf.context.enumerateIndirectObjects()) {
  const o = obj as any;
  if (o.dict) console.log(ref.toString(), o.constructor.name, [...o.dict.keys()].map(String).join(','));
  if (ref.toString() === '7 0 R' || ref.toString() === '10 0 R') {
    const raw = Buffer.from(o.contents ?? o.getContents());
    const bytes = o.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw;
    const f = fontkit.create(bytes);
    console.log('glyphs', f.numGlyphs, 'loca', f.loca.offsets.slice(0, 15));
    for (let g = 0; g < f.numGlyphs; g++) console.log(g, f.getGlyph(g).path.commands.length);
  }
}
