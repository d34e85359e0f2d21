import { writeFileSync } from 'node:fs';
import { PdfWriter } from '../../src/server/modules/documents/pdf-writer.ts';
const w = await PdfWriter.create('t', 'x');
await w.text('上海东方家具制造有限公司 北风进口有限公司 ハウスエアウェイビル', 48, { size: 14 });
w.y -= 30;
await w.text('Li Na (李娜) 陈静 王芳', 48, { size: 14 });
writeFileSync('/tmp/cjk.pdf', await w.bytes());
