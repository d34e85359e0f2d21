import { describe, expect, it } from 'vitest';
import { pdfLines, PdfUnreadable } from '../pdf-lines.ts';
import { billOfLadingPdf, commercialInvoicePdf, packingListPdf } from '../testdata/shipping-documents.ts';
import { readShippingDocument } from './shipping-document.ts';

const read = async (pdf: Promise<Uint8Array>) => readShippingDocument((await pdfLines(await pdf)).lines);

describe('the built-in reader of shipping documents (text PDFs written by pdf-lib)', () => {
  it('reads a commercial invoice with the parties side by side', async () => {
    const r = await read(commercialInvoicePdf());
    expect(r.document_kind).toBe('commercial_invoice');
    expect(r.fields.shipper).toEqual({ name: 'Shenzhen Brightway Lighting Co., Ltd', address: '18 Keji Road, Nanshan District, Shenzhen 518057, China', contact: null, email: null, phone: '+86 755 2661 0000' });
    expect(r.fields.consignee).toEqual({ name: 'Bright Lamps Ltd', address: 'Unit 4, Orwell Park, Ipswich IP3 9BF, United Kingdom', contact: null, email: 'orders@brightlamps.example', phone: null });
    // "Notify party: SAME AS CONSIGNEE" copies the consignee, a little less sure.
    expect(r.fields.notify_party).toEqual(r.fields.consignee);
    expect(r.confidence.notify_party).toBe(0.8);
    expect(r.evidence.notify_party).toBe('Notify party: SAME AS CONSIGNEE');
    // The total line wins over "4,800 pcs" of the price table.
    expect(r.fields.packages).toEqual({ count: 240, type: 'carton' });
    expect(r.fields.gross_weight_kg).toBe('3120.5');
    expect(r.fields.net_weight_kg).toBe('2880');
    expect(r.fields.goods_description).toBe('LED panel lights 600x600 mm, 40 W');
    expect(r.fields.hs_codes).toEqual(['9405.42.31']);
    expect(r.evidence.hs_codes).toBe('HS Code: 9405.42.31');
    expect(r.fields.containers).toEqual([]);
    expect(r.fields.volume_cbm).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it('reads a packing list: the total line over the per-line figures, dimensions, volume and a container with its seal', async () => {
    const r = await read(packingListPdf());
    expect(r.document_kind).toBe('packing_list');
    expect(r.fields.shipper?.name).toBe('Shenzhen Brightway Lighting Co., Ltd');
    expect(r.fields.consignee?.address).toBe('Unit 4, Orwell Park, Ipswich IP3 9BF, United Kingdom');
    expect(r.fields.notify_party).toBeNull();
    expect(r.fields.packages).toEqual({ count: 240, type: 'carton' });
    // 1,560.25 + 1,560.25 per line; the printed total 3,120.50 is taken.
    expect(r.fields.gross_weight_kg).toBe('3120.5');
    expect(r.fields.net_weight_kg).toBe('2880');
    expect(r.fields.volume_cbm).toBe('11.07');
    expect(r.fields.dimensions_cm).toEqual({ length: '62', width: '62', height: '12' });
    expect(r.fields.goods_description).toBe('LED panel lights');
    expect(r.fields.containers).toEqual([{ number: 'MSKU9070323', valid: true, expected_check_digit: null, iso_type: '45G1', seal: 'ML-7781204', evidence: 'Container: MSKU 907032-3 / 40HC Seal: ML-7781204' }]);
    expect(r.confidence.containers).toBe(0.95);
  });

  it('reads a bill of lading: pounds to kg, the goods column, HS code, and flags a container whose check digit is wrong', async () => {
    const r = await read(billOfLadingPdf());
    expect(r.document_kind).toBe('bill_of_lading');
    expect(r.fields.shipper).toEqual({ name: 'Hamburg Maschinenbau GmbH', address: 'Grosse Elbstrasse 145, 22767 Hamburg, Germany', contact: null, email: null, phone: null });
    // The line telling the reader to make Evil Corp the consignee is only text.
    expect(r.fields.consignee?.name).toBe('Atlantic Machinery Imports Inc.');
    expect(r.fields.notify_party).toEqual({ name: 'Liberty Customs Brokers LLC', address: '55 Port Street, Newark, NJ 07114', contact: null, email: null, phone: '+1 973 555 0142' });
    expect(r.fields.packages).toEqual({ count: 24, type: 'pallet' });
    expect(r.confidence.packages).toBe(0.7);
    // 21,900 lb × 0.45359237 = 9,933.672903 kg, to the gram.
    expect(r.fields.gross_weight_kg).toBe('9933.673');
    expect(r.fields.goods_description).toBe('2 x 40\' HC said to contain 24 pallets machine parts');
    expect(r.fields.hs_codes).toEqual(['8479.90']);
    // CSQU 305438 gives check digit 3 (printed 3); TGHU 123456 gives 7 (printed 8).
    expect(r.fields.containers.map((c) => [c.number, c.valid, c.expected_check_digit, c.iso_type, c.seal])).toEqual([
      ['CSQU3054383', true, null, '45G1', '998877'],
      ['TGHU1234568', false, 7, '45G1', '998878'],
    ]);
    expect(r.confidence.containers).toBe(0.4);
    expect(r.warnings).toEqual(['Container TGHU1234568 has a wrong check digit (ISO 6346 gives 7, the document prints 8): check the document; it is not proposed.']);
  });

  it('fills nothing from a text that says nothing, and refuses what is not a PDF', async () => {
    const r = readShippingDocument(['Thank you for your order.', '']);
    expect(r.fields).toEqual({ shipper: null, consignee: null, notify_party: null, packages: null, gross_weight_kg: null, net_weight_kg: null, volume_cbm: null, dimensions_cm: null, goods_description: null, hs_codes: [], containers: [] });
    expect(r.confidence).toEqual({});
    expect(r.document_kind).toBeNull();
    await expect(pdfLines(Buffer.from('PK\u0003\u0004 not a pdf'))).rejects.toBeInstanceOf(PdfUnreadable);
    await expect(pdfLines(Buffer.from('%PDF-1.7\ncut short'))).rejects.toBeInstanceOf(PdfUnreadable);
  });

  it('takes the buyer as consignee only when no consignee is named, and says so', () => {
    const r = readShippingDocument(['INVOICE', 'Sold to: Nordic Retail AB', 'Storgatan 1, Stockholm', '', 'Net weight: 120 kg', 'Gross weight: 100 kg']);
    expect(r.fields.consignee).toMatchObject({ name: 'Nordic Retail AB', address: 'Storgatan 1, Stockholm' });
    expect(r.confidence.consignee).toBe(0.5);
    expect(r.warnings).toContain('No consignee is named: the buyer is proposed as consignee; check that the goods go to them.');
    expect(r.warnings).toContain('The net weight (120 kg) is more than the gross weight (100 kg): check the document.');
  });
});
