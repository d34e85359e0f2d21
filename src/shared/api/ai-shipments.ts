import { z } from 'zod';
import { DOCUMENT_LANGUAGES } from '../resources/operations.ts';
import { aiEngineSchema, requestId } from './ai.ts';

/**
 * The assistant on a shipment (issue 26, features 2 and 3): a shipping document read into proposed
 * shipment fields, and a client update drafted from the shipment's events. Both only propose: the
 * person accepts fields through the shipment's own calls and sends the update through the mail.
 */

export const SHIPPING_DOCUMENT_KINDS = ['commercial_invoice', 'packing_list', 'bill_of_lading'] as const;
/** The fields a shipping document proposes, in the order the screen lists them. */
export const SHIPPING_DOCUMENT_FIELDS = ['shipper', 'consignee', 'notify_party', 'packages', 'gross_weight_kg', 'net_weight_kg', 'volume_cbm', 'goods_description', 'hs_codes', 'containers'] as const;
export type ShippingDocumentField = (typeof SHIPPING_DOCUMENT_FIELDS)[number];
/** At most this many bytes of PDF are read. */
export const SHIPPING_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const aiReadingQuery = z.object({ request_id: requestId.optional() });

const proposedParty = z.object({ name: z.string(), address: z.string().nullable(), contact: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() });
export const proposedContainerSchema = z.object({
  number: z.string(),
  /** Whether the ISO 6346 check digit is right; a wrong one is shown, flagged, and cannot be accepted. */
  valid: z.boolean(),
  /** The check digit the first ten characters give, when the printed one is wrong. */
  expected_check_digit: z.number().int().nullable(),
  iso_type: z.string().nullable(),
  seal: z.string().nullable(),
  evidence: z.string(),
});
export type ProposedContainer = z.infer<typeof proposedContainerSchema>;

export const shippingDocumentFieldsSchema = z.object({
  shipper: proposedParty.nullable(),
  consignee: proposedParty.nullable(),
  notify_party: proposedParty.nullable(),
  packages: z.object({ count: z.number().int().min(1), type: z.string() }).nullable(),
  /** Decimal strings in kg and cbm, converted from the document's units. */
  gross_weight_kg: z.string().nullable(),
  net_weight_kg: z.string().nullable(),
  volume_cbm: z.string().nullable(),
  /** One package's length, width and height in cm, when the document gives them. */
  dimensions_cm: z.object({ length: z.string(), width: z.string(), height: z.string() }).nullable(),
  goods_description: z.string().nullable(),
  /** Customs tariff numbers as printed, normalised to dotted groups (8539.50.00). */
  hs_codes: z.array(z.string()),
  containers: z.array(proposedContainerSchema),
});
export type ShippingDocumentFields = z.infer<typeof shippingDocumentFieldsSchema>;

export const aiDocumentReadingSchema = z.object({
  id: z.uuid(),
  engine: aiEngineSchema,
  file_name: z.string(),
  document_kind: z.enum(SHIPPING_DOCUMENT_KINDS).nullable(),
  fields: shippingDocumentFieldsSchema,
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  evidence: z.record(z.string(), z.string()),
  warnings: z.array(z.string()),
});
export type AiDocumentReading = z.infer<typeof aiDocumentReadingSchema>;
export const aiDocumentReadingAnswer = z.object({ data: aiDocumentReadingSchema, credits_used: z.number().int() });

// ——— Client updates ———

export const clientUpdateLanguage = z.enum(DOCUMENT_LANGUAGES);
export type ClientUpdateLanguage = z.infer<typeof clientUpdateLanguage>;

export const aiClientUpdateBody = z.object({
  /** The language to write in; left out, the client's (CRM), else the organisation's. */
  language: clientUpdateLanguage.optional(),
  request_id: requestId.optional(),
});

export const aiClientUpdateSchema = z.object({
  id: z.uuid(),
  engine: aiEngineSchema,
  language: clientUpdateLanguage,
  /** Where the language came from: asked for, the client's (its CRM record's language, or a connected organisation's owner's), the organisation's documents, the writer's own. */
  language_source: z.enum(['requested', 'client', 'organisation', 'member']),
  /** The client's e-mail address as the CRM has it, or null. */
  to: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  /** What the text was written from, for the person to check. */
  facts: z.object({ events: z.number().int(), eta_changes: z.number().int(), open_exceptions: z.number().int() }),
});
export type AiClientUpdate = z.infer<typeof aiClientUpdateSchema>;
export const aiClientUpdateAnswer = z.object({ data: aiClientUpdateSchema, credits_used: z.number().int() });

/** The update as the person edited it, sent through the product's mail. */
export const clientUpdateSendBody = z.object({
  to: z.email('email_invalid').max(254, 'text_too_long'),
  subject: z.string().trim().min(1, 'required').max(200, 'text_too_long'),
  body: z.string().trim().min(1, 'required').max(10_000, 'text_too_long'),
});
export const clientUpdateSentSchema = z.object({ to: z.string(), subject: z.string(), sent_at: z.string() });
