import { clip } from '#shared/text.ts';
import type { Quote } from '#shared/api/quotes.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import { A4, MARGIN, PdfWriter } from '../documents/pdf-writer.ts';

import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';

export const PDF_LANGUAGES = DOCUMENT_LANGUAGES;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

type Labels = {
  quotation: string; revision: string; date: string; valid: string; client: string; route: string; mode: string; cargo: string; equipment: string;
  charge: string; quantity: string; unit: string; amount: string; total: string; emissions: string; notes: string; footer: string;
  modes: Record<Quote['mode'], string>;
};

/** The printed labels of a quote in each language of the product. */
const LABELS: Record<PdfLanguage, Labels> = {
  en: {
    quotation: 'Quotation', revision: 'revision', date: 'Date', valid: 'Valid until', client: 'Client', route: 'Route', mode: 'Mode', cargo: 'Cargo', equipment: 'Equipment',
    charge: 'Charge', quantity: 'Quantity', unit: 'Unit price', amount: 'Amount', total: 'Total', emissions: 'Estimated emissions (ISO 14083)', notes: 'Notes',
    footer: 'Prices in the currencies shown; lines converted at the rates of the quotation date.',
    modes: { sea_fcl: 'Sea FCL', sea_lcl: 'Sea LCL', air: 'Air', road_ftl: 'Road FTL', road_ltl: 'Road LTL', rail: 'Rail' },
  },
  de: {
    quotation: 'Angebot', revision: 'Revision', date: 'Datum', valid: 'Gültig bis', client: 'Kunde', route: 'Strecke', mode: 'Verkehrsträger', cargo: 'Ladung', equipment: 'Equipment',
    charge: 'Position', quantity: 'Menge', unit: 'Einzelpreis', amount: 'Betrag', total: 'Gesamt', emissions: 'Geschätzte Emissionen (ISO 14083)', notes: 'Hinweise',
    footer: 'Preise in den angegebenen Währungen; Umrechnung zu den Kursen des Angebotsdatums.',
    modes: { sea_fcl: 'Seefracht FCL', sea_lcl: 'Seefracht LCL', air: 'Luftfracht', road_ftl: 'Straße FTL', road_ltl: 'Straße LTL', rail: 'Schiene' },
  },
  es: {
    quotation: 'Cotización', revision: 'revisión', date: 'Fecha', valid: 'Válida hasta', client: 'Cliente', route: 'Ruta', mode: 'Modo', cargo: 'Carga', equipment: 'Equipo',
    charge: 'Concepto', quantity: 'Cantidad', unit: 'Precio unitario', amount: 'Importe', total: 'Total', emissions: 'Emisiones estimadas (ISO 14083)', notes: 'Notas',
    footer: 'Precios en las monedas indicadas; conversión a los tipos de la fecha de la cotización.',
    modes: { sea_fcl: 'Marítimo FCL', sea_lcl: 'Marítimo LCL', air: 'Aéreo', road_ftl: 'Terrestre FTL', road_ltl: 'Terrestre LTL', rail: 'Ferrocarril' },
  },
  fr: {
    quotation: 'Devis', revision: 'révision', date: 'Date', valid: "Valable jusqu'au", client: 'Client', route: 'Trajet', mode: 'Mode', cargo: 'Marchandise', equipment: 'Équipement',
    charge: 'Prestation', quantity: 'Quantité', unit: 'Prix unitaire', amount: 'Montant', total: 'Total', emissions: 'Émissions estimées (ISO 14083)', notes: 'Remarques',
    footer: 'Prix dans les devises indiquées ; conversion aux taux de la date du devis.',
    modes: { sea_fcl: 'Maritime FCL', sea_lcl: 'Maritime LCL', air: 'Aérien', road_ftl: 'Routier FTL', road_ltl: 'Routier LTL', rail: 'Ferroviaire' },
  },
  ja: {
    quotation: '見積書', revision: '改訂', date: '日付', valid: '有効期限', client: '顧客', route: '区間', mode: '輸送モード', cargo: '貨物', equipment: 'コンテナ',
    charge: '費目', quantity: '数量', unit: '単価', amount: '金額', total: '合計', emissions: '推定排出量（ISO 14083）', notes: '備考',
    footer: '価格は記載の通貨建て。見積日の為替レートで換算しています。',
    modes: { sea_fcl: '海上FCL', sea_lcl: '海上LCL', air: '航空', road_ftl: '陸上FTL', road_ltl: '陸上LTL', rail: '鉄道' },
  },
  ro: {
    quotation: 'Ofertă', revision: 'revizia', date: 'Data', valid: 'Valabilă până la', client: 'Client', route: 'Rută', mode: 'Mod de transport', cargo: 'Marfă', equipment: 'Echipament',
    charge: 'Serviciu', quantity: 'Cantitate', unit: 'Preț unitar', amount: 'Valoare', total: 'Total', emissions: 'Emisii estimate (ISO 14083)', notes: 'Observații',
    footer: 'Prețuri în monedele indicate; conversie la cursurile din data ofertei.',
    modes: { sea_fcl: 'Maritim FCL', sea_lcl: 'Maritim LCL', air: 'Aerian', road_ftl: 'Rutier FTL', road_ltl: 'Rutier LTL', rail: 'Feroviar' },
  },
  ru: {
    quotation: 'Коммерческое предложение', revision: 'редакция', date: 'Дата', valid: 'Действительно до', client: 'Клиент', route: 'Маршрут', mode: 'Вид транспорта', cargo: 'Груз', equipment: 'Оборудование',
    charge: 'Услуга', quantity: 'Количество', unit: 'Цена за единицу', amount: 'Сумма', total: 'Итого', emissions: 'Оценка выбросов (ISO 14083)', notes: 'Примечания',
    footer: 'Цены в указанных валютах; пересчёт по курсам на дату предложения.',
    modes: { sea_fcl: 'Море FCL', sea_lcl: 'Море LCL', air: 'Авиа', road_ftl: 'Авто FTL', road_ltl: 'Авто LTL', rail: 'Ж/д' },
  },
  zh: {
    quotation: '报价单', revision: '修订', date: '日期', valid: '有效期至', client: '客户', route: '航线', mode: '运输方式', cargo: '货物', equipment: '箱型',
    charge: '费用项目', quantity: '数量', unit: '单价', amount: '金额', total: '合计', emissions: '预计排放（ISO 14083）', notes: '备注',
    footer: '价格以所列币种计；按报价日汇率换算。',
    modes: { sea_fcl: '海运整箱', sea_lcl: '海运拼箱', air: '空运', road_ftl: '公路整车', road_ltl: '公路零担', rail: '铁路' },
  },
};

/** A transport mode as the documents print it in a language. */
export const modeLabel = (language: PdfLanguage, mode: Quote['mode']) => LABELS[language].modes[mode];

export type QuotePdfInput = {
  quote: Quote;
  organisation: { name: string; lines: string[]; logo: Buffer | null };
  /** Names of the charge codes by id. */
  charges: Record<string, string>;
  language: PdfLanguage;
};

/** The quote as the client receives it: the offer in the quote currency, never buy rates or margins. */
export async function renderQuotePdf({ quote: q, organisation, charges, language }: QuotePdfInput): Promise<Buffer> {
  const L = LABELS[language];
  const locale = language === 'en' ? 'en-GB' : language;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const num = (v: string) => formatDecimal(v, locale);
  const w = await PdfWriter.create(`${L.quotation} ${q.number}`, organisation.name);
  const brand = w.rgb('#4788B6');
  const grey = w.rgb('#6b7280');
  const right = A4.width - MARGIN;

  const logoHeight = organisation.logo ? await w.image(organisation.logo, MARGIN, 140, 48) : 0;
  if (logoHeight) w.y -= logoHeight + 10;
  await w.text(organisation.name, MARGIN, { size: 16, weight: 'bold', color: brand });
  for (const l of organisation.lines) {
    w.y -= 13;
    await w.text(l, MARGIN, { size: 9, color: grey });
  }
  w.y -= 30;
  await w.text(`${L.quotation} ${q.number}${q.revision > 1 ? ` · ${L.revision} ${q.revision}` : ''}`, MARGIN, { size: 18, weight: 'bold' });
  w.y -= 24;
  const facts: [string, string][] = [
    [L.date, q.quote_date],
    [L.valid, q.valid_until],
    [L.client, q.client.name],
    [L.route, `${q.origin_name ?? q.origin} (${q.origin}) → ${q.destination_name ?? q.destination} (${q.destination})`],
    [L.mode, `${L.modes[q.mode]}${q.incoterm ? ` · ${q.incoterm} (Incoterms® 2020)` : ''}`],
    q.equipment.length
      ? [L.equipment, q.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ')]
      : [L.cargo, `${q.cargo.reduce((n, c) => n + c.packages, 0)} × · ${num(q.weight_kg)} kg · ${num(q.volume_cbm)} m³ · ${num(q.chargeable_weight_kg)} kg`],
  ];
  for (const [label, value] of facts) {
    await w.text(label, MARGIN, { size: 9, color: grey });
    await w.paragraph(value, MARGIN + 110, right - MARGIN - 110, { size: 10 });
    w.y -= 2;
  }

  w.y -= 14;
  const cols = { charge: MARGIN, quantity: 330, unit: 430, amount: right };
  await w.text(L.charge, cols.charge, { size: 9, weight: 'bold' });
  await w.text(L.quantity, cols.quantity, { size: 9, weight: 'bold', align: 'right' });
  await w.text(L.unit, cols.unit, { size: 9, weight: 'bold', align: 'right' });
  await w.text(`${L.amount} (${q.currency})`, cols.amount, { size: 9, weight: 'bold', align: 'right' });
  w.y -= 6;
  w.line(MARGIN, right);
  for (const l of q.lines) {
    w.y -= 16;
    w.ensure(16);
    const name = l.description ?? (l.charge_code_id ? charges[l.charge_code_id] : null) ?? l.basis;
    await w.text(clip(name, 48), cols.charge, { size: 10 });
    await w.text(num(l.quantity), cols.quantity, { size: 10, align: 'right' });
    await w.text(money(l.sell.amount_minor, l.sell.currency), cols.unit, { size: 10, align: 'right' });
    await w.text(money(l.sell_in_quote_minor, q.currency), cols.amount, { size: 10, align: 'right' });
  }
  w.y -= 8;
  w.line(330, right);
  w.y -= 18;
  await w.text(L.total, cols.unit, { size: 12, weight: 'bold', align: 'right' });
  await w.text(money(q.totals.sell_minor, q.currency), cols.amount, { size: 12, weight: 'bold', align: 'right' });

  if (q.emissions) {
    w.y -= 28;
    const leg = q.emissions.legs[0];
    await w.text(L.emissions, MARGIN, { size: 9, color: grey });
    w.y -= 13;
    await w.paragraph(`${num(q.emissions.kg_co2e)} kg CO2e · ${num(leg.distance_km)} km · ${num(leg.factor)} kg CO2e/t·km · DESNZ 2025 (OGL v3.0)`, MARGIN, right - MARGIN, { size: 9 });
  }
  if (q.notes) {
    w.y -= 14;
    await w.text(L.notes, MARGIN, { size: 9, color: grey });
    w.y -= 13;
    await w.paragraph(q.notes, MARGIN, right - MARGIN, { size: 10 });
  }
  w.y -= 10;
  w.ensure(20);
  await w.paragraph(L.footer, MARGIN, right - MARGIN, { size: 8, color: grey });
  return w.bytes();
}
