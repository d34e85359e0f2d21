import { formatMoney } from '#shared/money/format.ts';
import type { Invoice } from './provider.ts';

const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en-GB');
const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

/** A one-page invoice document, the same for both providers. */
export async function renderInvoicePdf(invoice: Invoice, billedTo: { name: string; address: string[] }): Promise<Buffer> {
  // Loaded with the first invoice PDF, not at every start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setAuthor('FYN · Forward Your Network');
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const blue = rgb(0x47 / 255, 0x88 / 255, 0xb6 / 255);
  // Helvetica in pdf-lib covers WinAnsi only: anything else is replaced, never a crash.
  const safe = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff\u20ac]/g, '?');
  let y = 790;
  const text = (s: string, x: number, size = 10, f = font, color = rgb(0.12, 0.16, 0.22)) => page.drawText(safe(s), { x, y, size, font: f, color });

  text('FYN', 50, 24, bold, blue);
  text('Forward Your Network', 110, 12, font, blue);
  text(`Invoice ${invoice.number}`, 360, 14, bold);
  y -= 30;
  text(`Issued ${day(invoice.created)}`, 360);
  y -= 14;
  text(`Period ${day(invoice.period_start)} to ${day(invoice.period_end)}`, 360);
  y -= 14;
  text(`Status: ${invoice.status}`, 360);
  y -= 30;
  text('Billed to', 50, 10, bold);
  for (const l of [billedTo.name, ...billedTo.address]) {
    y -= 14;
    text(l, 50);
  }
  y -= 40;
  text('Description', 50, 10, bold);
  text('Period', 300, 10, bold);
  text('Amount', 480, 10, bold);
  y -= 8;
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  for (const line of invoice.lines) {
    y -= 18;
    text(line.description.slice(0, 48), 50);
    text(`${day(line.period_start)} - ${day(line.period_end)}`, 300);
    text(money(line.amount, invoice.currency), 480);
  }
  y -= 12;
  page.drawLine({ start: { x: 300, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  y -= 18;
  text('Amount due', 300, 10, bold);
  text(money(invoice.amount_due, invoice.currency), 480, 10, bold);
  y -= 16;
  text('Amount paid', 300);
  text(money(invoice.amount_paid, invoice.currency), 480);
  return Buffer.from(await pdf.save());
}
