import type { ProposedContainer, ShippingDocumentFields } from '#shared/api/ai-shipments.ts';
import { SHIPPING_DOCUMENT_KINDS } from '#shared/api/ai-shipments.ts';
import { checkDigit, normaliseContainerNumber } from '#shared/operations/iso6346.ts';
import { Decimal } from '#shared/money/decimal.ts';
import { DIMS, isoType, PACKAGE_TYPE, PACKAGES, readNumber, toCm, toKg, VOLUME, WEIGHT } from './enquiry.ts';

/**
 * The built-in engine's reading of a shipping document (commercial invoice, packing list, bill of
 * lading) from the lines of its text: parties under their labels, packages, weights, volume, goods
 * description, HS codes and container numbers (ISO 6346 check digit verified: a wrong one is kept,
 * flagged and never proposed as valid). Each field has its confidence and the words it came from;
 * nothing is filled where the document says nothing. The text is data: nothing in it is obeyed.
 */
export type DocumentReading = {
  document_kind: (typeof SHIPPING_DOCUMENT_KINDS)[number] | null;
  fields: ShippingDocumentFields;
  confidence: Partial<Record<keyof ShippingDocumentFields, number>>;
  evidence: Partial<Record<keyof ShippingDocumentFields, string>>;
  warnings: string[];
};

type Party = NonNullable<ShippingDocumentFields['shipper']>;

const PARTY_LABELS = {
  shipper: /^(shipper\s*\/\s*exporter|exporter\s*\/\s*shipper|seller\s*\/\s*exporter|shipper|exporter|consignor|seller|versender|absender|exporteur|expéditeur|expediteur|exportateur|remitente|embarcador|exportador|发货人|托运人|荷送人)\b/iu,
  consignee: /^(consignee|ship\s*to|deliver\s*to|empfänger|destinataire|consignatario|destinatario|收货人|荷受人)\b/iu,
  notify_party: /^(notify(?:\s*party)?|meldeadresse|notifier|partie à notifier|notificar a|通知人|着荷通知先)\b/iu,
  buyer: /^(buyer|sold\s*to|importer|käufer|acheteur|comprador|importateur|importador|买方|買主)\b/iu,
};
/** Labels of other sections: a party's block ends at one of them. */
const OTHER_LABELS = /^(invoice|packing\s*list|bill\s*of\s*lading|b\/l|date|no\.|number|port|place|vessel|voyage|ocean\s*vessel|description|goods|marks|container|seal|gross|net|total|packages|no\.\s*of|number\s*of|measurement|volume|dimensions?|dims|weight|hs|h\.s\.|tariff|country|terms|incoterms?|payment|freight|currency|booking|reference|ref\.?|carrier|signed|signature|pre-carriage|final\s*destination|rechnung|datum|beschreibung|gewicht|facture|poids|factura|peso)\b/iu;

const KINDS: [RegExp, DocumentReading['document_kind']][] = [
  [/\b(bill\s*of\s*lading|sea\s*waybill|ocean\s*b\/l|house\s*b\/l|master\s*b\/l|B\/L\s*No|Konnossement|connaissement|conocimiento de embarque|提单|船荷証券)/iu, 'bill_of_lading'],
  [/\b(packing\s*list|packliste|liste de colisage|lista de empaque|packing\s*slip)|装箱单|パッキングリスト/iu, 'packing_list'],
  [/\b(commercial\s*invoice|proforma\s*invoice|invoice|handelsrechnung|rechnung|facture commerciale|facture|factura comercial|factura)|商业发票|発票|インボイス/iu, 'commercial_invoice'],
];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:tel|phone|ph|fon|tél|telefono|teléfono)\.?\s*:?\s*(\+?[\d\s()./-]{7,20}\d)/iu;

/** The value after a label on its line ("Shipper: ACME" → "ACME"), without the colon. */
const afterLabel = (line: string, label: RegExp) => line.trim().replace(label, '').replace(/^[\s:：.#/-]*(?:\([^)]*\))?[\s:：]*/u, '').trim();

/** The block under a party label: its first line is the name, the next (up to three) the address; ends at a blank line or another label. */
function partyOf(lines: string[], label: RegExp): { party: Party; evidence: string; same: 'consignee' | null } | null {
  for (let i = 0; i < lines.length; i++) {
    // The label may share its line with another column ("Shipper:   Consignee:"): take the column that starts with it.
    const columns = lines[i].split(/\s{3,}/);
    const col = columns.findIndex((c) => label.test(c.trim()));
    if (col < 0) continue;
    const block: string[] = [];
    const inline = afterLabel(columns[col], label);
    if (inline) block.push(inline);
    for (let j = i + 1; j < lines.length && block.length < 5; j++) {
      const cells = lines[j].split(/\s{3,}/);
      const cell = (columns.length > 1 ? cells[col] : lines[j])?.trim() ?? '';
      if (!cell) break;
      if (Object.values(PARTY_LABELS).some((re) => re.test(cell)) || (OTHER_LABELS.test(cell) && /[:：]/.test(cell))) break;
      block.push(cell);
    }
    if (!block.length) continue;
    if (/^(same as consignee|as consignee|idem|wie empfänger|comme destinataire|igual que consignatario)/iu.test(block[0])) {
      return { party: { name: '', address: null, contact: null, email: null, phone: null }, evidence: inline ? lines[i].trim() : `${lines[i].trim()} ${block[0]}`, same: 'consignee' };
    }
    const email = block.join(' ').match(EMAIL)?.[0] ?? null;
    const phone = block.join(' ').match(PHONE)?.[1]?.trim() ?? null;
    const address = block.slice(1).filter((l) => !EMAIL.test(l) && !PHONE.test(l)).join(', ');
    return {
      party: { name: block[0].slice(0, 160), address: address ? address.slice(0, 400) : null, contact: null, email, phone: phone ? phone.slice(0, 40) : null },
      evidence: [columns[col].trim(), ...block.filter((l) => l !== inline)].join(' / '),
      same: null,
    };
  }
  return null;
}

const TOTAL = /(total|gesamt|insgesamt|en total|au total|合计|总计|合計)/iu;

function packagesOf(lines: string[]): { count: number; type: string; evidence: string; confidence: number; warning?: string } | null {
  const hits: { count: number; type: string; line: string; total: boolean; labelled: boolean }[] = [];
  for (const line of lines) {
    for (const m of line.matchAll(new RegExp(PACKAGES.source, 'giu'))) {
      const count = Number(m[1]);
      if (count < 1) continue;
      hits.push({
        count, type: PACKAGE_TYPE.find(([re]) => re.test(m[2]))?.[1] ?? 'package', line: line.trim(), total: TOTAL.test(line),
        labelled: /(packages|no\.?\s*of\s*(pkgs|packages)|number of packages|packstücke|colis|bultos|件数)/iu.test(line.slice(0, m.index)),
      });
    }
  }
  if (!hits.length) return null;
  const best = hits.find((h) => h.total) ?? hits.find((h) => h.labelled);
  if (best) return { count: best.count, type: best.type, evidence: best.line, confidence: 0.9 };
  if (hits.length === 1) return { count: hits[0].count, type: hits[0].type, evidence: hits[0].line, confidence: 0.7 };
  const type = hits[0].type;
  if (hits.every((h) => h.type === type)) {
    return {
      count: hits.reduce((n, h) => n + h.count, 0), type, evidence: hits.map((h) => h.line).join(' / '), confidence: 0.5,
      warning: `No total of packages was printed: the ${hits.length} lines of ${type}s are added up.`,
    };
  }
  return { count: hits[0].count, type, evidence: hits[0].line, confidence: 0.3, warning: 'The document lists packages of several kinds and no total: check the count.' };
}

/** A weight under a label (gross or net): the total line first, then the first labelled one. */
function weightOf(lines: string[], label: RegExp): { kg: string; evidence: string; confidence: number } | null {
  const found: { kg: string; line: string; total: boolean }[] = [];
  for (const line of lines) {
    if (!label.test(line)) continue;
    const after = line.slice(line.search(label));
    const m = new RegExp(WEIGHT.source, 'iu').exec(after);
    const n = m && readNumber(m[1]);
    if (m && n) found.push({ kg: toKg(n, m[2]), line: line.trim(), total: TOTAL.test(line) });
  }
  const pick = found.find((f) => f.total) ?? found.at(-1);
  if (!pick) return null;
  return { kg: pick.kg, evidence: pick.line, confidence: found.length === 1 || pick.total ? 0.9 : 0.6 };
}

const GROSS = /(gross\s*weight|gross\s*wt|g\.\s*w\.|\bgw\b|gross|bruttogewicht|brutto|poids brut|peso bruto|毛重|総重量)/iu;
const NET = /(net\s*weight|net\s*wt|n\.\s*w\.|\bnw\b|\bnet\b|nettogewicht|netto|poids net|peso neto|净重|正味重量)/iu;

function volumeOf(lines: string[]): { cbm: string; evidence: string; confidence: number } | null {
  for (const line of [...lines.filter((l) => TOTAL.test(l)), ...lines]) {
    const m = new RegExp(VOLUME.source, 'iu').exec(line);
    const n = m && readNumber(m[1]);
    if (m && n) return { cbm: n, evidence: line.trim(), confidence: TOTAL.test(line) || /(measurement|volume|cbm)/i.test(line) ? 0.85 : 0.6 };
  }
  return null;
}

function dimensionsOf(lines: string[]) {
  for (const line of lines) {
    if (!/(dimension|dims|size|abmessung|maße|dimensions|medidas|尺寸|寸法|l\s*x\s*w\s*x\s*h)/iu.test(line)) continue;
    const d = DIMS.exec(line);
    if (!d) continue;
    const unit = d[6] ?? d[4] ?? d[2];
    return { value: { length: toCm(readNumber(d[1])!, unit), width: toCm(readNumber(d[3])!, unit), height: toCm(readNumber(d[5])!, unit) }, evidence: line.trim() };
  }
  return null;
}

const GOODS_LABEL = /^(description\s*of\s*goods|goods\s*description|description\s*of\s*packages\s*and\s*goods|description|commodity|goods|said\s*to\s*contain|stc|warenbeschreibung|ware|désignation(?:\s*des\s*marchandises)?|marchandises|descripción(?:\s*de\s*la\s*mercancía)?|mercancía|货物描述|品名)\b/iu;

/** A line that starts with a label of its own ("HS Code: …", "Dimensions per carton: …") ends a block. */
const LABELLED = /^[\p{L}][\p{L} ./()-]{1,40}[:：]/u;

function goodsOf(lines: string[]): { value: string; evidence: string; confidence: number } | null {
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i].trim().split(/\s{3,}/);
    const k = cells.findIndex((c) => GOODS_LABEL.test(c));
    if (k < 0) continue;
    const parts: string[] = [];
    const inline = afterLabel(cells[k], GOODS_LABEL);
    if (inline) parts.push(inline);
    for (let j = i + 1; j < lines.length && parts.length < 4; j++) {
      const row = lines[j].trim().split(/\s{3,}/);
      // Under a column header, the column's cell of each row; under a label of its own line, the whole line.
      const next = (cells.length > 1 ? row[k] : lines[j].trim()) ?? '';
      if (!next || LABELLED.test(next) || Object.values(PARTY_LABELS).some((re) => re.test(next))) break;
      if (new RegExp(HS.source, 'iu').test(next) || /^\d+(?:[.,]\d+)?\s*(kg|kgs|lbs|cbm)?$/i.test(next)) continue;
      parts.push(next);
    }
    const value = parts.join(' ').replace(/\s+/g, ' ').trim();
    if (value.length >= 3) return { value: value.slice(0, 1000), evidence: [cells[k], ...parts.filter((p) => p !== inline)].join(' / '), confidence: inline ? 0.85 : 0.7 };
  }
  return null;
}

const HS = /\b(?:HS|H\.S\.|HTS|tariff|commodity|customs|Zolltarif(?:nummer)?|Warennummer|code\s*SH|nomenclature|código\s*(?:HS|arancelario)|fracción arancelaria|税号|HSコード)\s*(?:code|no\.?|number|nr\.?|#)?\s*[:：]?\s*(\d{4}(?:[.\s]?\d{2}){0,3})\b/giu;

/** "85395000" and "8539 50 00" → "8539.50.00". */
const dotted = (digits: string) => [digits.slice(0, 4), ...(digits.slice(4).match(/\d{2}/g) ?? [])].join('.');

function hsOf(lines: string[]): { codes: string[]; evidence: string } {
  const codes: string[] = [];
  const evidence: string[] = [];
  for (const line of lines) {
    for (const m of line.matchAll(HS)) {
      const digits = m[1].replace(/\D/g, '');
      if (![4, 6, 8, 10].includes(digits.length)) continue;
      const code = dotted(digits);
      if (!codes.includes(code)) {
        codes.push(code);
        evidence.push(m[0].trim());
      }
    }
  }
  return { codes, evidence: evidence.join(' / ') };
}

const CONTAINER = /\b([A-Z]{3}[UJZ])[\s-]?(\d{6})[\s-]?(\d)\b/g;
const ISO_CODE = /\b(2[02]G[01]|2[25]G1|4[25]G1|4[25]R1|22R1|L5G1|L5R1|[24]2U1|[24]2P1)\b/;
const SIZE_TYPE = /\b(20|40|45)\s*['’′]?\s*(GP|DV|DC|ST|HC|HQ|RF|RH|OT|FR)\b/i;
const SEAL = /\bseal(?:\s*(?:no\.?|number|#))?\s*[:：]?\s*([A-Z0-9][A-Z0-9-]{3,19})\b/i;

function containersOf(lines: string[]): { list: ProposedContainer[]; warnings: string[] } {
  const list: ProposedContainer[] = [];
  const warnings: string[] = [];
  lines.forEach((line, i) => {
    // A seal printed on the next line, when that line names no container of its own.
    const below = lines[i + 1] && !new RegExp(CONTAINER.source).test(lines[i + 1].toUpperCase()) ? lines[i + 1] : '';
    for (const m of line.toUpperCase().matchAll(CONTAINER)) {
      const number = normaliseContainerNumber(m[1] + m[2] + m[3]);
      if (list.some((c) => c.number === number)) continue;
      const expected = checkDigit(number.slice(0, 10));
      const valid = expected === Number(number[10]);
      const rest = line.slice(m.index! + m[0].length);
      const size = SIZE_TYPE.exec(line);
      const iso = ISO_CODE.exec(line)?.[1] ?? (size ? isoType(size[1], size[2]) : null);
      const seal = SEAL.exec(rest)?.[1] ?? SEAL.exec(line)?.[1] ?? SEAL.exec(below)?.[1] ?? null;
      list.push({ number, valid, expected_check_digit: valid ? null : expected, iso_type: iso, seal: seal && seal !== number ? seal : null, evidence: line.trim() });
      if (!valid) warnings.push(`Container ${number} has a wrong check digit (ISO 6346 gives ${expected}, the document prints ${number[10]}): check the document; it is not proposed.`);
    }
  });
  return { list, warnings };
}

export function readShippingDocument(lines: string[]): DocumentReading {
  const text = lines.join('\n');
  const warnings: string[] = [];
  const confidence: DocumentReading['confidence'] = {};
  const evidence: DocumentReading['evidence'] = {};
  const fields: ShippingDocumentFields = {
    shipper: null, consignee: null, notify_party: null, packages: null, gross_weight_kg: null, net_weight_kg: null, volume_cbm: null, dimensions_cm: null,
    goods_description: null, hs_codes: [], containers: [],
  };
  const kind = KINDS.find(([re]) => re.test(text))?.[1] ?? null;
  /** A proposed field with how sure the rules are and the words it came from. */
  const propose = <K extends keyof ShippingDocumentFields>(field: K, value: ShippingDocumentFields[K], sure: number, words: string) => {
    fields[field] = value;
    confidence[field] = sure;
    evidence[field] = words;
  };

  for (const field of ['shipper', 'consignee'] as const) {
    const p = partyOf(lines, PARTY_LABELS[field]);
    if (p && !p.same) {
      propose(field, p.party, 0.9, p.evidence);
    }
  }
  if (!fields.consignee) {
    const buyer = partyOf(lines, PARTY_LABELS.buyer);
    if (buyer && !buyer.same) {
      propose('consignee', buyer.party, 0.5, buyer.evidence);
      warnings.push('No consignee is named: the buyer is proposed as consignee; check that the goods go to them.');
    }
  }
  const notify = partyOf(lines, PARTY_LABELS.notify_party);
  if (notify?.same && fields.consignee) {
    propose('notify_party', fields.consignee, 0.8, notify.evidence);
  } else if (notify && !notify.same) {
    propose('notify_party', notify.party, 0.9, notify.evidence);
  }

  const packages = packagesOf(lines);
  if (packages) {
    propose('packages', { count: packages.count, type: packages.type }, packages.confidence, packages.evidence);
    if (packages.warning) warnings.push(packages.warning);
  }
  const gross = weightOf(lines, GROSS);
  if (gross) {
    propose('gross_weight_kg', gross.kg, gross.confidence, gross.evidence);
  }
  const net = weightOf(lines, NET);
  if (net) {
    propose('net_weight_kg', net.kg, net.confidence, net.evidence);
    if (gross && new Decimal(net.kg).gt(gross.kg)) warnings.push(`The net weight (${net.kg} kg) is more than the gross weight (${gross.kg} kg): check the document.`);
  }
  const volume = volumeOf(lines);
  if (volume) {
    propose('volume_cbm', volume.cbm, volume.confidence, volume.evidence);
  }
  const dims = dimensionsOf(lines);
  if (dims) {
    propose('dimensions_cm', dims.value, 0.8, dims.evidence);
  }
  const goods = goodsOf(lines);
  if (goods) {
    propose('goods_description', goods.value, goods.confidence, goods.evidence);
  }
  const hs = hsOf(lines);
  if (hs.codes.length) {
    propose('hs_codes', hs.codes, 0.9, hs.evidence);
  }
  const containers = containersOf(lines);
  if (containers.list.length) {
    propose('containers', containers.list, containers.list.every((c) => c.valid) ? 0.95 : 0.4, containers.list.map((c) => c.evidence).filter((e, i, all) => all.indexOf(e) === i).join(' / '));
    warnings.push(...containers.warnings);
  }
  if (!kind) warnings.push('The document does not say whether it is an invoice, a packing list or a bill of lading.');
  if (!text.trim()) warnings.push('The PDF has no text to read (a scan?): type the fields in by hand.');
  return { document_kind: kind, fields, confidence, evidence, warnings };
}
