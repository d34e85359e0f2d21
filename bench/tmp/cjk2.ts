import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { PDFDocument } = await import('pdf-lib');
const fontkit = (await import('@pdf-lib/fontkit')).default as any;
for (const subset of [true, false]) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')), { subset });
  const page = pdf.addPage([400, 200]);
  page.drawText('上海东方家具制造有限公司', { x: 20, y: 150, size: 18, font });
  writeFileSync(`/tmp/cjk-${subset}.pdf`, await pdf.save());
}
