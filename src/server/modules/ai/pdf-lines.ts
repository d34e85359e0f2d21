/**
 * The text of a PDF as lines, top to bottom and left to right, read with pdfjs-dist (Mozilla's
 * PDF.js, maintained; Node 20 or later). Pieces of text on one baseline make one line, with wide
 * gaps kept as three spaces so that side-by-side columns stay apart. Scripts, forms and fonts are
 * not run or fetched: only the text a page draws is read.
 */
export type PdfLines = { lines: string[]; pages: number };

/** Why a file is not a PDF the reader can use. */
export class PdfUnreadable extends Error {}

export async function pdfLines(bytes: Uint8Array, maxPages = 20): Promise<PdfLines> {
  if (Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') < 0) throw new PdfUnreadable('not a PDF');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, disableFontFace: true, stopAtErrors: false, verbosity: 0 }).promise;
  } catch (err) {
    throw new PdfUnreadable(err instanceof Error ? err.message : 'unreadable');
  }
  try {
    const lines: string[] = [];
    for (let p = 1; p <= Math.min(doc.numPages, maxPages); p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      const rows = new Map<number, { x: number; end: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , x, y] = item.transform as number[];
        const key = [...rows.keys()].find((k) => Math.abs(k - y) < 2.5) ?? y;
        const row = rows.get(key) ?? [];
        row.push({ x, end: x + item.width, text: item.str });
        rows.set(key, row);
      }
      let previous = Number.POSITIVE_INFINITY;
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        // A gap of more than about one and a half lines ends a block (a party's address, a section).
        if (previous - y > 18 && lines.length && lines.at(-1) !== '') lines.push('');
        previous = y;
        const row = rows.get(y)!.sort((a, b) => a.x - b.x);
        let line = '';
        let end = Number.NEGATIVE_INFINITY;
        for (const piece of row) {
          const gap = piece.x - end;
          line += line ? (gap > 24 ? '   ' : gap > 1 ? ' ' : '') : '';
          line += piece.text;
          end = piece.end;
        }
        lines.push(line.replace(/\s+$/, ''));
      }
      lines.push('');
    }
    return { lines, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
