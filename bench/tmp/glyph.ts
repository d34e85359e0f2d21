import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const fontkit = (await import('@pdf-lib/fontkit')).default as any;
const f = fontkit.create(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
console.log(f.type, f.numGlyphs, Object.keys(f.directory.tables));
for (const ch of '上海东方家具制造有限公司李娜王') {
  const g = f.glyphForCodePoint(ch.codePointAt(0));
  const d = g._decode();
  console.log(ch, g.id, d ? d.numberOfContours : null, f.loca.offsets[g.id+1]-f.loca.offsets[g.id]);
}
console.log('loca version', f.head.indexToLocFormat);
