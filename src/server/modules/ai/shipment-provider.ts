import { z } from 'zod';
import { SHIPPING_DOCUMENT_KINDS, type ClientUpdateLanguage, type ProposedContainer, type ShippingDocumentFields } from '#shared/api/ai-shipments.ts';
import { checkDigit, normaliseContainerNumber } from '#shared/operations/iso6346.ts';
import { ISO_SIZE_TYPE } from '#shared/quotes/model.ts';
import { Decimal } from '#shared/money/decimal.ts';
import type { DocumentReading } from './builtin/shipping-document.ts';
import type { UpdateFacts } from './builtin/client-update.ts';
import { CLIENT_UPDATE_TEXTS } from './builtin/client-update-texts.ts';
import { etaChanges } from './builtin/client-update.ts';
import { groundedClaims, ProviderFailure } from './provider.ts';

/**
 * The provider path of the assistant on a shipment (issue 26, features 2 and 3;
 * docs/architecture.md#ai): what an OpenAI-compatible service is asked for, held to these zod
 * schemas (strict structured output, parsed again on return by askProvider), and how its answer is
 * made into the same answer the built-in engine gives. The server checks what it can: container
 * numbers by their ISO 6346 check digit (a number the document does not print is not proposed),
 * evidence only where the document has the words (else the field's confidence falls to 0.5).
 * Only keywords every strict structured-output service takes (patterns, enums, number and list bounds).
 */

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'a decimal number with a dot, at most three decimals');

/** The keys a reading has confidence and evidence for: every proposed field. */
export const DOCUMENT_READING_KEYS = [
  'shipper', 'consignee', 'notify_party', 'packages', 'gross_weight_kg', 'net_weight_kg', 'volume_cbm', 'dimensions_cm', 'goods_description', 'hs_codes', 'containers',
] as const satisfies readonly (keyof ShippingDocumentFields)[];
type ReadingKey = (typeof DOCUMENT_READING_KEYS)[number];

const perKey = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(DOCUMENT_READING_KEYS.map((k) => [k, value.nullable()])) as Record<ReadingKey, z.ZodNullable<T>>);
const party = z.object({ name: z.string(), address: z.string().nullable(), contact: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() });

export const providerDocumentSchema = z.object({
  document_kind: z.enum(SHIPPING_DOCUMENT_KINDS).nullable(),
  shipper: party.nullable(),
  consignee: party.nullable(),
  notify_party: party.nullable(),
  packages: z.object({ count: z.number().int().min(1).max(1_000_000), type: z.string() }).nullable(),
  gross_weight_kg: decimal.nullable(),
  net_weight_kg: decimal.nullable(),
  volume_cbm: decimal.nullable(),
  dimensions_cm: z.object({ length: decimal, width: decimal, height: decimal }).nullable(),
  goods_description: z.string().nullable(),
  hs_codes: z.array(z.string().regex(/^\d{4}(\.\d{2}){0,3}$/)).max(50),
  containers: z.array(z.object({ number: z.string().regex(/^[A-Z]{4}\d{7}$/), iso_type: z.string().regex(ISO_SIZE_TYPE).nullable(), seal: z.string().nullable() })).max(100),
  confidence: perKey(z.number().min(0).max(1)),
  evidence: perKey(z.string()),
  warnings: z.array(z.string()).max(20),
});
export type ProviderDocument = z.infer<typeof providerDocumentSchema>;

export const DOCUMENT_SYSTEM_PROMPT = `You read the text of a shipping document (a commercial invoice, a packing list or a bill of lading, in any language) into the fields of a shipment.
- document_kind: commercial_invoice, packing_list or bill_of_lading.
- shipper, consignee, notify_party: the parties as printed (name on its own, the address as one line, e-mail and phone when printed).
- packages: the total number of packages and their kind (pallet, carton, crate, case, bag, drum, package).
- gross_weight_kg, net_weight_kg, volume_cbm: totals as decimal strings with a dot, converted to kg and cbm (1 lb = 0.45359237 kg, 1 t = 1000 kg).
- dimensions_cm: one package's length, width and height in cm, when printed.
- goods_description: the description of the goods as printed.
- hs_codes: customs tariff numbers as dotted groups (8539.50.00).
- containers: ISO 6346 container numbers exactly as printed (four letters, seven digits, no spaces), with their ISO size-type code (22G1, 45G1, …) and seal when printed.
- confidence: for each field you filled, how sure you are (0 to 1); evidence: the exact words of the document it came from.`;

/**
 * A provider's reading made into the built-in engine's answer shape: container numbers checked
 * (ISO 6346; a wrong check digit is kept, flagged and not proposed as valid; a number the document
 * does not print is dropped), a net weight above the gross flagged, evidence kept only where the
 * document has the words.
 */
export function readingOfProvider(answer: ProviderDocument, lines: string[]): DocumentReading {
  const text = lines.join('\n');
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const warnings = [...answer.warnings];
  const containers: ProposedContainer[] = [];
  for (const c of answer.containers) {
    const number = normaliseContainerNumber(c.number);
    if (containers.some((x) => x.number === number)) continue;
    if (!compact.includes(number)) {
      warnings.push(`Container ${number} is not printed in the document: it is not proposed.`);
      continue;
    }
    const expected = checkDigit(number.slice(0, 10));
    const valid = /^[A-Z]{3}[UJZ]\d{7}$/.test(number) && expected === Number(number[10]);
    const line = lines.find((l) => l.toUpperCase().replace(/[\s-]/g, '').includes(number))?.trim() ?? number;
    containers.push({ number, valid, expected_check_digit: valid ? null : expected, iso_type: c.iso_type, seal: c.seal, evidence: line });
    if (!valid) warnings.push(`Container ${number} has a wrong check digit (ISO 6346 gives ${expected}, the document prints ${number[10]}): check the document; it is not proposed.`);
  }
  const fields: ShippingDocumentFields = {
    shipper: answer.shipper, consignee: answer.consignee, notify_party: answer.notify_party, packages: answer.packages,
    gross_weight_kg: answer.gross_weight_kg, net_weight_kg: answer.net_weight_kg, volume_cbm: answer.volume_cbm, dimensions_cm: answer.dimensions_cm,
    goods_description: answer.goods_description, hs_codes: [...new Set(answer.hs_codes)], containers,
  };
  if (fields.gross_weight_kg && fields.net_weight_kg && new Decimal(fields.net_weight_kg).gt(fields.gross_weight_kg)) {
    warnings.push(`The net weight (${fields.net_weight_kg} kg) is more than the gross weight (${fields.gross_weight_kg} kg): check the document.`);
  }
  // Containers with a wrong check digit are not proposed: the field is at most 0.4 sure.
  const { confidence, evidence } = groundedClaims(text, fields, DOCUMENT_READING_KEYS, answer, (k) => (k === 'containers' && !containers.every((c) => c.valid) ? 0.4 : 1));
  return { document_kind: answer.document_kind, fields, confidence, evidence, warnings };
}

// ——— Client updates ———

export const providerClientUpdateSchema = z.object({ subject: z.string(), body: z.string() });
export type ProviderClientUpdate = z.infer<typeof providerClientUpdateSchema>;

export const LANGUAGE_NAMES: Record<ClientUpdateLanguage, string> = {
  de: 'German', en: 'English', es: 'Spanish', fr: 'French', ja: 'Japanese', ro: 'Romanian', ru: 'Russian', zh: 'Chinese (simplified)',
};

export const clientUpdateSystemPrompt = (language: ClientUpdateLanguage) => `You write a short status e-mail from a freight forwarder to its client about one shipment, in ${LANGUAGE_NAMES[language]}.
- Use only the facts in the user message (a JSON record of the shipment); never add a date, a reason, a cost or a promise the facts do not give.
- subject: one line naming the shipment's reference and its route.
- body: plain text — a greeting to the client, where the shipment is and when it departed or arrives (say so when the expected arrival moved), the latest events, what is being done about each open exception (or that all goes to plan), an invitation to reply, and a closing with the sender's name and organisation.`;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** The facts of a client update as the provider reads them: the record, with the events and exceptions in words. */
export function clientUpdateFactsText(f: UpdateFacts): string {
  const en = CLIENT_UPDATE_TEXTS.en;
  return JSON.stringify({
    client: f.client, reference: f.reference, status: f.status, origin: f.origin, destination: f.destination, vessel: f.vessel,
    departure_planned: day(f.etd), departed: day(f.atd), arrival_first_planned: day(f.etaPlanned), arrival_expected: day(f.eta), arrived: day(f.ata),
    arrival_estimates_received: f.etaEstimates.map(day), arrival_moved_times: etaChanges(f),
    latest_events: [...f.events].sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime()).slice(0, 5)
      .map((e) => ({ date: day(e.occurredAt), event: en.event[e.code] ?? e.code, place: e.place })),
    open_exceptions: [...new Set(f.exceptions)].map((k) => en.exception[k]),
    sender: f.sender, organisation: f.organisation,
  }, null, 2);
}

/** The provider's update, held to what the send call takes (a subject of at most 200 characters, a body of at most 10,000). */
export function updateOfProvider(answer: ProviderClientUpdate, tokens: { in: number; out: number }): { subject: string; body: string } {
  const subject = answer.subject.replace(/\s+/g, ' ').trim();
  const body = answer.body.replace(/\r\n/g, '\n').trim();
  const invalid = (why: string) => new ProviderFailure('invalid_answer', `the AI provider's answer ${why}`, tokens.in, tokens.out);
  if (!subject || !body) throw invalid('had an empty subject or body');
  if (subject.length > 200) throw invalid('had a subject longer than 200 characters');
  if (body.length > 10_000) throw invalid('had a body longer than 10,000 characters');
  return { subject, body };
}
