import type { QuoteDraftFields } from '#shared/api/ai.ts';
import { Decimal } from '#shared/money/decimal.ts';
import { INCOTERMS_2020, type Incoterm, type QuoteMode } from '#shared/quotes/model.ts';

/**
 * The built-in engine's rules for an enquiry e-mail (docs/architecture.md#ai): no model, no network.
 * It reads Incoterms 2020, places (resolved by the product's own location search, `place`),
 * units (kg, lb, t, cbm, cm, mm, m, in), package and equipment phrases ("2 x 40HC", "1×20'GP",
 * "3 pallets 120x80x150"), dates, in English, German, Spanish, French, and the commonest Chinese
 * and Japanese words, and fills only what the text says, each field with the words it came from
 * and a confidence that says how sure the rule is. The text is only ever read: nothing in it is
 * followed.
 */
/** `names`: the place's names and aliases as the search folds them ("bucuresti bucharest"). */
export type PlaceHit = { code: string; name: string; country: string; functions: string[]; names: string };
/** The product's location search: the best match of `text`, of a function and a country when given. */
export type PlaceLookup = (text: string, fn: 'port' | 'airport' | null, country?: string) => Promise<PlaceHit | null>;
export type ClientHit = NonNullable<QuoteDraftFields['client']>;
export type ClientLookup = (hints: { domains: string[]; text: string; names: string[] }) => Promise<ClientHit | null>;

export type Extraction = {
  fields: QuoteDraftFields;
  confidence: Partial<Record<keyof QuoteDraftFields, number>>;
  evidence: Partial<Record<keyof QuoteDraftFields, string>>;
  warnings: string[];
};

const FREE_MAIL = /^(gmail|googlemail|outlook|hotmail|live|yahoo|icloud|me|aol|gmx|web|t-online|qq|163|126|sina|foxmail|yandex|mail|protonmail|orange|free|wanadoo|libero)\./i;

// ——— numbers and units ———

/** "12,500" and "12.500" (thousands), "12,5" and "12.5" (decimals), "1.250,5" → a plain decimal string. */
export function readNumber(raw: string): string | null {
  let s = raw.replace(/[\s\u00a0\u202f']/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    s = s.replace(decimal === ',' ? /\./g : /,/g, '').replace(',', '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    // One separator followed by exactly three digits is a thousands mark (12,500 kg; 12.500 kg).
    if (parts.length > 2 || (parts.length === 2 && parts[1].length === 3 && parts[0] !== '0')) s = parts.join('');
    else s = parts.join('.');
  }
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return trim(new Decimal(s).toFixed(3));
}
const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const NUM = String.raw`\d{1,3}(?:[.,\s\u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;

const WEIGHT_UNITS: [RegExp, string][] = [
  [/^(kgs?|kilos?|kilograms?|kilogramm|kilogrammes?|公斤|千克|キロ)$/i, '1'],
  [/^(t|tons?|tonnes?|mt|tonnen|toneladas?|吨|トン)$/i, '1000'],
  [/^(lbs?|pounds?)$/i, '0.45359237'],
];
export const WEIGHT = new RegExp(String.raw`(${NUM})\s*(kgs?|kilos?|kilograms?|kilogramm|kilogrammes?|tons?|tonnes?|tonnen|toneladas?|mt|t|lbs?|pounds?|公斤|千克|吨|キロ|トン)(?![a-z])`, 'giu');
export const VOLUME = new RegExp(String.raw`(${NUM})\s*(cbm|m3|m³|cu\.?\s?m|kubikmeter|metros? cúbicos|mètres? cubes|立方米|立方|方|㎥)`, 'giu');
export const DIMS = new RegExp(String.raw`(\d+(?:[.,]\d+)?)\s*(cm|mm|m|in|")?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(cm|mm|m|in|")?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(cm|mm|m|inch(?:es)?|in|"|厘米)?`, 'iu');

export function toKg(value: string, unit: string): string {
  const factor = WEIGHT_UNITS.find(([re]) => re.test(unit))?.[1] ?? '1';
  return trim(new Decimal(value).times(factor).round(3).toFixed(3));
}
export function toCm(value: string, unit: string | undefined): string {
  const u = (unit ?? 'cm').toLowerCase();
  const factor = u === 'mm' ? '0.1' : u === 'm' ? '100' : u.startsWith('in') || u === '"' ? '2.54' : '1';
  return trim(new Decimal(value).times(factor).round(3).toFixed(3));
}

// ——— equipment ———

const EQUIPMENT = new RegExp(
  String.raw`(?<![\dx×*.,]\s*)(?:(\d{1,3})\s*(?:[x×*]|units? of|containers? of|contenedores? de|conteneurs? de|Container|containers?|contenedores?|conteneurs?|个|柜|本)?\s*(?:de\s+)?)` +
    String.raw`(20|40|45)\s*(?:['’′"]|ft\.?|foot|feet|fuß|pies|pieds|尺)?\s*-?\s*(GP|DV|DC|ST|HC|HQ|RF|RH|HR|OT|FR|NOR|reefers?|high[\s-]?cubes?|standard|dry|Kühl\w*|frigo\w*|refrigerad\w*)?` +
    String.raw`(?![\d.,]|\s*(?:cm|mm|kg|cbm|m3|in\b|inch|厘米|[x×*]\s*\d|pallets?|cartons?|days?|Tage|días|jours))`,
  'giu',
);
const EQUIPMENT_AFTER = /\b(20|40|45)\s*['’′]?\s*(GP|DV|DC|HC|HQ|RF|RH|OT|FR)\s*[x×*]\s*(\d{1,3})\b/giu;

export function isoType(size: string, kind: string | undefined): string | null {
  const k = (kind ?? '').toLowerCase().replace(/[\s-]/g, '');
  const reefer = /^(rf|rh|hr|nor|reefers?|kühl.*|frigo.*|refrigerad.*)$/.test(k);
  const high = /^(hc|hq|highcubes?)$/.test(k);
  if (k === 'ot') return size === '20' ? '22U1' : '42U1';
  if (k === 'fr') return size === '20' ? '22P1' : '42P1';
  if (size === '20') return reefer ? '22R1' : high ? '25G1' : '22G1';
  if (size === '40') return reefer ? '45R1' : high ? '45G1' : '42G1';
  if (size === '45') return reefer ? 'L5R1' : 'L5G1';
  return null;
}

function equipmentOf(text: string): { lines: { iso_type: string; count: number }[]; evidence: string[] } {
  const counts = new Map<string, number>();
  const evidence: string[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(EQUIPMENT_AFTER)) {
    const iso = isoType(m[1], m[2]);
    if (!iso) continue;
    counts.set(iso, (counts.get(iso) ?? 0) + Number(m[3]));
    evidence.push(m[0].trim());
    taken.push([m.index!, m.index! + m[0].length]);
  }
  for (const m of text.matchAll(EQUIPMENT)) {
    const [whole, count, size, kind] = m;
    if (taken.some(([a, b]) => m.index! < b && m.index! + whole.length > a)) continue;
    // A bare "20" or "40" is a container only with a count and a container word, a foot mark or a type.
    const marked = /['’′"]|ft|foot|feet|fuß|pies|pieds|尺/i.test(whole) || kind;
    const counted = count && /[x×*]|contain|contened|conteneur|个|柜|本|units? of/i.test(whole);
    if (!marked && !counted) continue;
    if (!count && !/container|contened|conteneur|box/i.test(text.slice(Math.max(0, m.index! - 25), m.index! + whole.length + 25))) continue;
    const reeferAfter = /^\s*(kühl|reefer|frigo|refriger|冷)/i.test(text.slice(m.index! + whole.length, m.index! + whole.length + 12));
    const iso = isoType(size, reeferAfter && (!kind || /^(hc|hq|high)/i.test(kind)) ? 'RF' : kind);
    if (!iso) continue;
    counts.set(iso, (counts.get(iso) ?? 0) + Number(count ?? 1));
    evidence.push(whole.trim());
  }
  return { lines: [...counts].map(([iso_type, count]) => ({ iso_type, count })), evidence };
}

// ——— packages ———

const PACKAGE_WORDS = String.raw`pallets?|plts?|skids?|Paletten|Palette|Europaletten|palés|palets|palettes?|cartons?|ctns?|Kartons?|cajas?|boxes|crates?|Kisten|cases|colis|bultos|packages|pkgs|drums?|Fässer|bags|Säcke|sacos|sacs|rolls|pieces|pcs|Stück|piezas|pièces|托盘|箱|件|パレット|ケース|カートン`;
export const PACKAGES = new RegExp(String.raw`(\d{1,5})\s*(?:x\s*)?(${PACKAGE_WORDS})(?![a-z])`, 'giu');
export const PACKAGE_TYPE: [RegExp, string][] = [
  [/^(pallets?|plts?|skids?|paletten|palette|europaletten|palés|palets|palettes?|托盘|パレット)$/i, 'pallet'],
  [/^(cartons?|ctns?|kartons?|cajas?|boxes|箱|ケース|カートン)$/i, 'carton'],
  [/^(crates?|kisten|cases)$/i, 'crate'],
  [/^(drums?|fässer)$/i, 'drum'],
  [/^(bags|säcke|sacos|sacs)$/i, 'bag'],
];

type CargoLine = QuoteDraftFields['cargo'][number];

function cargoOf(text: string): { lines: CargoLine[]; evidence: string[]; perPackageWeight: boolean } {
  const lines: CargoLine[] = [];
  const evidence: string[] = [];
  let perPackageWeight = false;
  for (const m of text.matchAll(PACKAGES)) {
    const packages = Number(m[1]);
    if (packages < 1) continue;
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 60);
    const dims = DIMS.exec(after.split(/[\n;]/)[0] ?? '');
    const unit = dims ? (dims[6] ?? dims[4] ?? dims[2]) : undefined;
    const line: CargoLine = {
      packages,
      package_type: PACKAGE_TYPE.find(([re]) => re.test(m[2]))?.[1] ?? 'package',
      length_cm: dims ? toCm(readNumber(dims[1])!, unit) : null,
      width_cm: dims ? toCm(readNumber(dims[3])!, unit) : null,
      height_cm: dims ? toCm(readNumber(dims[5])!, unit) : null,
      weight_kg: null,
      gross_weight_kg: null,
      volume_cbm: null,
    };
    // A weight on the same line after the count: "each"/"per pallet" makes it one package's.
    const rest = after.split('\n')[0];
    const w = new RegExp(WEIGHT.source, 'iu').exec(rest);
    if (w) {
      const end = w.index! + w[0].length;
      const total = /(total|gesamt|insgesamt|en total|au total|合计|总|合計)/i.test(rest.slice(Math.max(0, w.index! - 25), end + 15));
      const each = /^\s*(each|per\b|je\b|cada|chacun\w*|pro\b|par\b|la pièce|\/\s*(plt|pallet|pc|ctn))/i.test(rest.slice(end)) || /(each|je|cada|à)\s*$/i.test(rest.slice(0, w.index!));
      if (each && !total) {
        const value = readNumber(w[1])!;
        line.weight_kg = toKg(value, w[2]);
        line.gross_weight_kg = toKg(trim(new Decimal(value).times(String(packages)).toFixed(3)), w[2]);
        perPackageWeight = true;
      }
    }
    evidence.push((m[0] + (dims ? ` ${dims[0]}` : '')).trim());
    lines.push(line);
  }
  return { lines, evidence, perPackageWeight };
}

/** The total gross weight the text gives (a "gross weight"/"Gewicht"/"peso"/"poids" one before any other). */
function weightOf(text: string): { kg: string; evidence: string } | null {
  const all = [...text.matchAll(WEIGHT)].filter((m) => !/^\s*(bags?|sacks?|sacos|sacs|Säcke|cartons?|boxes|drums?|each|je|cada)\b/i.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 12))).map((m) => ({ m, labelled: /(gross|weight|gw|g\.w\.|gewicht|brutto|peso|poids|毛重|重量|総重量)[^\n\d]{0,20}$/i.test(text.slice(Math.max(0, m.index! - 30), m.index!)) }));
  const pick = all.find((a) => a.labelled) ?? all[0];
  if (!pick) return null;
  const n = readNumber(pick.m[1]);
  return n ? { kg: toKg(n, pick.m[2]), evidence: pick.m[0].trim() } : null;
}

function volumeOf(text: string): { cbm: string; evidence: string } | null {
  const m = new RegExp(VOLUME.source, 'iu').exec(text);
  const n = m && readNumber(m[1]);
  return m && n ? { cbm: n, evidence: m[0].trim() } : null;
}

// ——— mode and incoterm ———

const MODE_RULES: [RegExp, QuoteMode, number][] = [
  [/\b(air\s?freight|by air|air cargo|air shipment|via air|airport|Luftfracht|per Luft|Flughafen|aéreo|aérea|aereo|carga aérea|fret aérien|par avion|aérien|aérienne)\b|空运|航空/iu, 'air', 0.9],
  [/\b(rail|railway|by train|Bahn|Schiene|ferrocarril|por tren|ferroviaire|par train)\b|铁路|班列|鉄道/iu, 'rail', 0.85],
  [/\b(FTL|full truck(?:load)?|complete truck|Komplettladung|komplette?r? LKW|camión completo|carga completa|camion complet|complet routier)\b|整车/iu, 'road_ftl', 0.85],
  [/\b(LTL|part load|Teilladung|Stückgut|carga fraccionada|groupage routier|messagerie)\b|零担/iu, 'road_ltl', 0.85],
  [/\b(LCL|groupage|consol(?:idation)?|Sammelgut|Sammelcontainer|grupaje|carga consolidada)\b|拼箱/iu, 'sea_lcl', 0.85],
];
const SEA = /\b(sea\s?freight|ocean\s?freight|by sea|via sea|Seefracht|per Schiff|marítimo|maritimo|flete marítimo|fret maritime|maritime|par mer)\b|海运|海上/iu;
const ROAD = /\b(truck|lorry|road freight|by road|LKW|Straße|camión|por carretera|camion|par route|routier)\b|卡车|陆运|トラック/iu;

function incotermOf(text: string): { term: Incoterm; evidence: string; confidence: number; warning?: string } | null {
  const found = new Map<Incoterm, string>();
  for (const m of text.matchAll(/\b(EXW|FCA|CPT|CIP|DAP|DPU|DDP|FAS|FOB|CFR|CIF|C&F|CNF|CFR|DAT|DDU)\b/g)) {
    const raw = m[1];
    const term = (raw === 'C&F' || raw === 'CNF' ? 'CFR' : raw === 'DAT' ? 'DPU' : raw === 'DDU' ? 'DAP' : raw) as Incoterm;
    if ((INCOTERMS_2020 as readonly string[]).includes(term) && !found.has(term)) found.set(term, text.slice(m.index!, m.index! + 40).split('\n')[0].trim());
  }
  if (found.size === 0) return null;
  const [[term, evidence]] = found;
  const old = /\b(DAT|DDU)\b/.test(evidence.slice(0, 4)) ? 'The text uses an Incoterm of 2010 (DAT or DDU); Incoterms 2020 name it DPU or DAP: check with the client.' : undefined;
  return { term, evidence, confidence: found.size > 1 ? 0.5 : old ? 0.6 : 0.95, warning: found.size > 1 ? `The text names several Incoterms (${[...found.keys()].join(', ')}): the first is taken.` : old };
}

// ——— dates ———

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  ['jan', 'january', 'januar', 'jän', 'enero', 'ene', 'janvier', 'janv'],
  ['feb', 'february', 'februar', 'febrero', 'février', 'fevrier', 'févr', 'fev'],
  ['mar', 'march', 'märz', 'maerz', 'marzo', 'mars'],
  ['apr', 'april', 'abril', 'avril', 'abr', 'avr'],
  ['may', 'mai', 'mayo'],
  ['jun', 'june', 'juni', 'junio', 'juin'],
  ['jul', 'july', 'juli', 'julio', 'juillet', 'juil'],
  ['aug', 'august', 'agosto', 'août', 'aout', 'ago'],
  ['sep', 'sept', 'september', 'septiembre', 'septembre', 'setiembre'],
  ['oct', 'october', 'oktober', 'okt', 'octubre', 'octobre'],
  ['nov', 'november', 'noviembre', 'novembre'],
  ['dec', 'december', 'dezember', 'dez', 'diciembre', 'dic', 'décembre', 'decembre', 'déc'],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
const MONTH_RE = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const SHORT_DATE = /\b(\d{1,2})[./](\d{1,2})\.?(?![./\d])/;
const DATE_PATTERNS: [RegExp, (m: RegExpExecArray) => [number | null, number, number]][] = [
  [/\b(20\d{2})-(\d{1,2})-(\d{1,2})\b/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/(20\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/(\d{1,2})\s*月\s*(\d{1,2})\s*日/, (m) => [null, Number(m[1]), Number(m[2])]],
  [/\b(\d{1,2})[./](\d{1,2})[./](20\d{2}|\d{2})\b/, (m) => [Number(m[3].length === 2 ? `20${m[3]}` : m[3]), Number(m[2]), Number(m[1])]],
  [new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th|er|\.)?\s*(?:de\s+|of\s+)?(${MONTH_RE})\.?(?:\s+(?:de\s+)?(20\d{2}))?\b`, 'iu'), (m) => [m[3] ? Number(m[3]) : null, MONTHS[m[2].toLowerCase()], Number(m[1])]],
  [new RegExp(String.raw`\b(${MONTH_RE})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(20\d{2}))?\b`, 'iu'), (m) => [m[3] ? Number(m[3]) : null, MONTHS[m[1].toLowerCase()], Number(m[2])]],
  [SHORT_DATE, (m) => [null, Number(m[2]), Number(m[1])]],
];
const READY = /(ready|available|availability|pick[\s-]?up|collection|cargo ready|goods ready|ETD|loading date|ship(?:ping)? date|bereit|versandbereit|abholbereit|Abholung|Verladung|fertig|ab dem|ab|listo|lista|listas|disponible|recogida|carga el|prêt|prête|prêtes|prêts|à partir du|enlèvement|chargement|货好|出货|备货|提货|準備|出荷|引取)/iu;

function dateOf(text: string, now: Date): { day: string; evidence: string; confidence: number } | null {
  const candidates: { day: string; at: number; evidence: string; ready: boolean }[] = [];
  for (const [re, read] of DATE_PATTERNS) {
    for (const m of text.matchAll(new RegExp(re.source, re.flags + 'g'))) {
      if (candidates.some((c) => m.index! >= c.at && m.index! < c.at + c.evidence.length)) continue;
      const [y, mo, d] = read(m as unknown as RegExpExecArray);
      if (!mo || mo < 1 || mo > 12 || d < 1 || d > 31) continue;
      let year = y ?? now.getUTCFullYear();
      // Without a year: the next such day from a week before the mail on.
      if (y === null && Date.UTC(year, mo - 1, d) < now.getTime() - 7 * 86_400_000) year += 1;
      const date = new Date(Date.UTC(year, mo - 1, d));
      if (date.getUTCMonth() !== mo - 1) continue;
      const before = text.slice(Math.max(0, m.index! - 40), m.index!);
      if (re === SHORT_DATE && !READY.test(before.split('\n').at(-1) ?? '')) continue;
      if (/^\s*(cbm|m3|m³|kg|t\b|tons?|cm|x)/i.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 6))) continue;
      // A date in a mail header, a signature's "Sent:" or a quoted reply is not the cargo's.
      if (/(^|\n)\s*(date|sent|gesendet|enviado|envoyé|datum|fecha)\s*:[^\n]*$/i.test(before)) continue;
      candidates.push({ day: date.toISOString().slice(0, 10), at: m.index!, evidence: m[0], ready: READY.test(before.split('\n').at(-1) ?? '') });
    }
  }
  const ready = candidates.find((c) => c.ready);
  if (ready) return { day: ready.day, evidence: ready.evidence, confidence: 0.85 };
  if (candidates.length === 1) return { day: candidates[0].day, evidence: candidates[0].evidence, confidence: 0.5 };
  return null;
}

// ——— places ———

const PLACE = String.raw`([\p{Lu}][\p{L}'’.-]*(?:[ \t]+(?:[\p{Lu}][\p{L}'’.-]*|am|an|de|del|la|le|sur|upon|di|do|da)){0,3}|[A-Z]{2}[A-Z2-9]{3})`;
const ORIGIN_LABELS = String.raw`origin|from|ex|POL|port of loading|loading port|pick[\s-]?up(?: at| from| in)?|collection(?: from| at)?|place of receipt|Abgangsort|Abgangshafen|Ladehafen|Abholort|Abholung in|Abholung|Versandort|von|aus|origen|desde|puerto de carga|recogida en|lugar de recogida|départ|origine|port de chargement|enlèvement à|enlèvement|起运港|起运地|装货港|发货地|発地|積地|出発地|出荷地`;
const DEST_LABELS = String.raw`destination|to|POD|port of discharge|discharge port|delivery(?: to| at| in)?|deliver to|final destination|place of delivery|Bestimmungsort|Bestimmungshafen|Zielhafen|Zielort|Löschhafen|Lieferung nach|Lieferadresse|Empfangsort|nach|destino|hasta|puerto de descarga|entrega en|lugar de entrega|destination finale|port de déchargement|port de destination|livraison à|livraison|vers|à destination de|目的港|目的地|卸货港|着地|揚地|仕向地|仕向港|到`;
/** A pattern that matches its letters in either case (the place after a label must still start with a capital). */
const anyCase = (source: string) => source.replace(/(?<!\\)\p{L}/gu, (ch) => (ch.toLowerCase() === ch.toUpperCase() ? ch : `[${ch.toLowerCase()}${ch.toUpperCase()}]`));
const LABELLED_ORIGIN = new RegExp(String.raw`(?:^|[\s(,;:])(?:${anyCase(ORIGIN_LABELS)})(?:[ \t]*[:：][ \t]*|[ \t]+)${PLACE}`, 'gmu');
const LABELLED_DEST = new RegExp(String.raw`(?:^|[\s(,;:])(?:${anyCase(DEST_LABELS)})(?:[ \t]*[:：][ \t]*|[ \t]+)${PLACE}`, 'gmu');
const PAIR = new RegExp(String.raw`${PLACE}[ \t]*(?:->|→|–|—|-|>|⇒|至|到|から|[ \t](?:to|nach|a|à|hasta|vers)[ \t])[ \t]*${PLACE}`, 'gu');
const FROM_TO = new RegExp(String.raw`(?:^|[\s(])(?:from|von|de|desde|ab|ex)[ \t]+${PLACE}[^\n]{0,40}?[ \t](?:to|nach|a|à|hasta|vers|bis)[ \t]+${PLACE}`, 'gu');
const STOP_WORDS = /^(Please|Hello|Hi|Dear|Thanks|Thank|Regards|Best|Kind|Bitte|Hallo|Danke|Grüße|Gruß|Mit|Sehr|Hola|Gracias|Saludos|Estimados|Estimado|Bonjour|Merci|Cordialement|Madame|Monsieur|We|Our|The|This|Could|Can|Would|Need|Wir|Ich|Unsere|Nous|Notre|Nuestra|Nuestro|Necesitamos|Nos|Un|Una|Une|Incoterm|Incoterms|Cargo|Goods|Commodity|Subject|Betreff|Asunto|Objet|Ready|FCL|LCL|ETD|ETA|Quote|Quotation|Angebot|Cotización|Devis|Rate|Rates|From|To|Origin|Destination|Mode|Weight|Volume|Container|Containers|Total|Gross|Pallets|Port|Terms|Note|Notes|Hazardous|DG|Please)$/;

function candidatesOf(raw: string): string[] {
  // "Le Havre, France" → "Le Havre"; "LCL Bremerhaven" → … "Bremerhaven": the longest phrases first, from the start, then from the end.
  const words = raw.trim().split(/[.,;:!?](?:\s|$)/)[0].replace(/[.,;:]+$/, '').split(/[ \t]+/);
  while (words.length && STOP_WORDS.test(words[0])) words.shift();
  const out: string[] = [];
  const add = (w: string[]) => {
    const phrase = w.join(' ');
    if (phrase.length >= 3 && !out.includes(phrase) && !STOP_WORDS.test(phrase) && !/^(am|an|de|del|la|le|sur|upon|di|do|da)$/i.test(w.at(-1) ?? '')) out.push(phrase);
  };
  for (let n = words.length; n >= 1; n--) add(words.slice(0, n));
  for (let n = words.length - 1; n >= 1; n--) add(words.slice(words.length - n));
  return out;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
/** A hit counts only where the words begin one of its names ("Anvers" is not "Danvers"). */
const named = (hit: PlaceHit, phrase: string) => new RegExp(String.raw`(^|[\s/(,-])${fold(phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(`${fold(hit.name)} ${hit.names}`);

async function resolve(raw: string, fn: 'port' | 'airport' | null, place: PlaceLookup, seen: Map<string, PlaceHit | null>): Promise<PlaceHit | null> {
  for (const c of candidatesOf(raw)) {
    const key = `${fn}|${c}`;
    if (!seen.has(key)) {
      // The place by its name first (the city, or the port a trade code names), then, when that place
      // does not serve the mode (Paris by air), the best one that does in the same country.
      const city = await place(c, null);
      let hit = city && named(city, c) ? city : null;
      if (fn && (!hit || !hit.functions.includes(fn))) {
        const served = await place(c, fn, hit?.country);
        if (served && named(served, c)) hit = served;
      }
      seen.set(key, hit);
    }
    const hit = seen.get(key);
    if (hit) return hit;
  }
  return null;
}

type PlaceFound = { hit: PlaceHit; evidence: string; confidence: number };

async function placesOf(text: string, mode: QuoteMode | null, incoterm: Incoterm | null, place: PlaceLookup): Promise<{ origin: PlaceFound | null; destination: PlaceFound | null }> {
  const fn = mode === 'air' ? 'airport' : mode === 'sea_fcl' || mode === 'sea_lcl' ? 'port' : null;
  const seen = new Map<string, PlaceHit | null>();
  let origin: PlaceFound | null = null;
  let destination: PlaceFound | null = null;
  const body = text.split('\n').filter((l) => !/^\s*(from|to|cc|sent|date|von|an|de|para|à|envoyé|gesendet|enviado)\s*:.*@/i.test(l)).join('\n');
  for (const m of body.matchAll(LABELLED_ORIGIN)) {
    if (origin) break;
    const hit = await resolve(m[1], fn, place, seen);
    if (hit) origin = { hit, evidence: m[0].trim(), confidence: 0.9 };
  }
  for (const m of body.matchAll(LABELLED_DEST)) {
    if (destination) break;
    const hit = await resolve(m[1], fn, place, seen);
    if (hit && hit.code !== origin?.hit.code) destination = { hit, evidence: m[0].trim(), confidence: 0.9 };
  }
  if (!origin || !destination) {
    for (const re of [FROM_TO, PAIR]) {
      for (const m of body.matchAll(re)) {
        if (origin && destination) break;
        const a = origin ? null : await resolve(m[1], fn, place, seen);
        const b = destination ? null : await resolve(m[2], fn, place, seen);
        if (a && b && a.code !== b.code) {
          origin = { hit: a, evidence: m[0].trim(), confidence: 0.8 };
          destination = { hit: b, evidence: m[0].trim(), confidence: 0.8 };
        } else if (!origin && a && a.code !== destination?.hit.code) origin = { hit: a, evidence: m[0].trim(), confidence: 0.6 };
        else if (!destination && b && b.code !== origin?.hit.code) destination = { hit: b, evidence: m[0].trim(), confidence: 0.6 };
      }
    }
  }
  // "FOB Ningbo" names the origin; "CIF Rotterdam", "DAP Lyon" the destination.
  if (incoterm) {
    const m = new RegExp(String.raw`\b${incoterm}\s+${PLACE}`, 'u').exec(body);
    if (m) {
      const hit = await resolve(m[1], fn, place, seen);
      const atOrigin = ['EXW', 'FCA', 'FAS', 'FOB'].includes(incoterm);
      if (hit && atOrigin && !origin && hit.code !== destination?.hit.code) origin = { hit, evidence: m[0], confidence: 0.7 };
      if (hit && !atOrigin && !destination && hit.code !== origin?.hit.code) destination = { hit, evidence: m[0], confidence: 0.7 };
    }
  }
  return { origin, destination };
}

// ——— the client ———

/** What the text says of its sender: company mail domains (free mail says nothing of the company) and the From name. */
export function hintsOf(text: string): { domains: string[]; names: string[] } {
  const domains = new Set<string>();
  const names: string[] = [];
  for (const m of text.matchAll(/[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)) {
    const domain = m[1].toLowerCase();
    if (!FREE_MAIL.test(domain)) domains.add(domain);
  }
  const from = /^\s*(?:from|von|de|expéditeur)\s*:\s*"?([^"<\n]+?)"?\s*<[^>]+>/im.exec(text);
  if (from) names.push(from[1].trim());
  return { domains: [...domains], names };
}

function commodityOf(text: string): { value: string; evidence: string } | null {
  const m = /(?:^|\n|[.;]\s)[ \t]*[-•*]?[ \t]*(?:commodity|goods|cargo description|description of goods|product|products|Ware|Waren|Warenbezeichnung|Güter|Produkt|mercancía|mercancia|mercadería|producto|marchandises?|nature de la marchandise|produit|品名|货物|貨物|商品|货名)[ \t]*[:：][ \t]*([^\n,;]{2,120}?)(?=[,;\n]|\.(?:\s|$)|$)/iu.exec(text);
  if (!m) return null;
  const value = m[1].trim().replace(/[.;,]$/, '');
  return { value, evidence: m[0].trim() };
}

// ——— all together ———

export async function extractEnquiry(text: string, options: { now: Date; place: PlaceLookup; client?: ClientLookup }): Promise<Extraction> {
  const clean = text.replace(/\r\n?/g, '\n').replace(/[\u00a0\u202f]/g, ' ').replace(/[＊]/g, '*').replace(/：/g, ':').slice(0, 20_000);
  const confidence: Extraction['confidence'] = {};
  const evidence: Extraction['evidence'] = {};
  const warnings: string[] = [];

  const equipment = equipmentOf(clean);
  if (equipment.lines.length) {
    confidence.equipment = 0.9;
    evidence.equipment = equipment.evidence.join('; ');
  }

  let mode: QuoteMode | null = null;
  for (const [re, m, c] of MODE_RULES) {
    const hit = re.exec(clean);
    if (hit && !(m === 'sea_lcl' && equipment.lines.length)) {
      mode = m;
      confidence.mode = c;
      evidence.mode = hit[0];
      break;
    }
  }
  if (equipment.lines.length && (!mode || mode === 'sea_lcl')) {
    mode = 'sea_fcl';
    confidence.mode = SEA.test(clean) || !ROAD.test(clean) ? 0.85 : 0.6;
    evidence.mode = equipment.evidence[0];
  }
  if (!mode && SEA.test(clean)) {
    mode = 'sea_lcl';
    confidence.mode = 0.6;
    evidence.mode = SEA.exec(clean)![0];
  }
  if (!mode && ROAD.test(clean)) {
    mode = 'road_ltl';
    confidence.mode = 0.5;
    evidence.mode = ROAD.exec(clean)![0];
  }

  const inco = incotermOf(clean);
  if (inco) {
    confidence.incoterm = inco.confidence;
    evidence.incoterm = inco.evidence;
    if (inco.warning) warnings.push(inco.warning);
  }

  const { origin, destination } = await placesOf(clean, mode, inco?.term ?? null, options.place);
  if (origin) {
    confidence.origin = origin.confidence;
    evidence.origin = origin.evidence;
  }
  if (destination) {
    confidence.destination = destination.confidence;
    evidence.destination = destination.evidence;
  }

  const cargo = cargoOf(clean);
  const weight = weightOf(clean);
  const volume = volumeOf(clean);
  let lines = cargo.lines;
  if (lines.length === 1 && !cargo.perPackageWeight && weight) {
    // One line and a total weight: the line's gross weight, and each package's share when they are counted.
    const l = lines[0];
    lines = [{ ...l, gross_weight_kg: weight.kg, weight_kg: l.packages ? trim(new Decimal(weight.kg).div(String(l.packages)).round(3).toFixed(3)) : null }];
  } else if (lines.length === 0 && (weight || volume) && !equipment.lines.length) {
    lines = [{ packages: null, package_type: null, length_cm: null, width_cm: null, height_cm: null, weight_kg: null, gross_weight_kg: weight?.kg ?? null, volume_cbm: null }];
  } else if (lines.length > 1 && weight && !cargo.perPackageWeight) {
    warnings.push(`A total weight of ${weight.kg} kg is given for several kinds of packages: share it out on the quote.`);
  }
  if (lines.length && volume) lines = lines.map((l, i) => (i === 0 ? { ...l, volume_cbm: volume.cbm } : l));
  if (lines.length) {
    confidence.cargo = cargo.lines.length ? 0.8 : 0.6;
    evidence.cargo = [...cargo.evidence, weight?.evidence, volume?.evidence].filter(Boolean).join('; ');
  }
  const equipmentWeight = equipment.lines.length && weight && !lines.length ? weight : null;
  if (equipmentWeight) {
    lines = [{ packages: null, package_type: null, length_cm: null, width_cm: null, height_cm: null, weight_kg: null, gross_weight_kg: equipmentWeight.kg, volume_cbm: volume?.cbm ?? null }];
    confidence.cargo = 0.7;
    evidence.cargo = [equipmentWeight.evidence, volume?.evidence].filter(Boolean).join('; ');
  }

  const ready = dateOf(clean, options.now);
  if (ready) {
    confidence.ready_date = ready.confidence;
    evidence.ready_date = ready.evidence;
  }
  const commodity = commodityOf(clean);
  if (commodity) {
    confidence.commodity = 0.8;
    evidence.commodity = commodity.evidence;
  }

  const notes: string[] = [];
  const dg = /\b(dangerous goods|hazardous|DG cargo|IMO|IMDG|UN\s?\d{4}|Gefahrgut|mercancía peligrosa|mercancías peligrosas|marchandises dangereuses|matières dangereuses)\b|危险品|危険物/iu.exec(clean);
  if (dg) {
    notes.push(`Dangerous goods: “${dg[0]}”`);
    warnings.push('The text mentions dangerous goods: ask for the UN number, class and safety data sheet.');
  }
  const temp = /(-?\d{1,2})\s*°\s*C/.exec(clean);
  if (temp) notes.push(`Temperature: ${temp[0]}`);
  if (notes.length) {
    confidence.notes = 0.7;
    evidence.notes = [dg?.[0], temp?.[0]].filter(Boolean).join('; ');
  }

  const hints = hintsOf(clean);
  const client = options.client ? await options.client({ ...hints, text: clean }) : null;
  if (client) {
    confidence.client = client.id ? 0.85 : 0.4;
    evidence.client = hints.domains[0] ?? client.name;
  }

  if (!origin) warnings.push('No place of origin was found: choose it.');
  if (!destination) warnings.push('No destination was found: choose it.');
  if (!mode) warnings.push('The mode of transport is not clear from the text: choose it.');

  return {
    fields: {
      client,
      mode,
      origin: origin ? { code: origin.hit.code, name: origin.hit.name, country: origin.hit.country, text: origin.evidence } : null,
      destination: destination ? { code: destination.hit.code, name: destination.hit.name, country: destination.hit.country, text: destination.evidence } : null,
      incoterm: inco?.term ?? null,
      cargo: lines,
      equipment: equipment.lines,
      ready_date: ready?.day ?? null,
      commodity: commodity?.value ?? null,
      notes: notes.length ? notes.join('\n') : null,
    },
    confidence,
    evidence,
    warnings,
  };
}
