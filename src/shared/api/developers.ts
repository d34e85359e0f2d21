import { z } from 'zod';
import { ALL_PERMISSIONS } from '../resources/permissions.ts';

/** Prefixes of API keys: live keys, and test keys made in developer mode. */
export const API_KEY_PREFIXES = ['fyn_live_', 'fyn_test_'] as const;
/** `fyn_live_` / `fyn_test_` + at least 32 base62 characters. */
export const API_KEY_PATTERN = /^fyn_(live|test)_[0-9A-Za-z]{32,}$/;

const instant = z.iso.datetime({ offset: true, error: 'date_invalid' });
const trimmed = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** After a roll: until when the previous key still works. */
  previous_valid_until: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** A key as made or rolled: the only answers that carry the key itself. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });

export const apiKeyCreateBody = z.strictObject({
  name: trimmed(100),
  // Empty is allowed: a key that may do nothing yet (every call answers 403).
  scopes: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).max(ALL_PERMISSIONS.length),
  expires_at: instant.nullable().optional(),
});
export const apiKeyRollBody = z.strictObject({
  /** How long the old key keeps working (0: not at all; at most a week). */
  grace_hours: z.number().int().min(0).max(168).default(24),
});

/** Event types an endpoint may subscribe to (docs/architecture.md#outgoing-webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  'quote.sent', 'quote.accepted', 'quote.declined',
  'booking.received', 'booking.confirmed', 'booking.rejected',
  'shipment.created', 'shipment.updated', 'shipment.status_changed',
  'tracking.event_added', 'exception.raised', 'exception.resolved', 'document.generated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The permission a subscriber's organisation must be able to read the event's object with. */
export const WEBHOOK_EVENT_MODULE: Record<WebhookEventType, 'quotes' | 'operations' | 'documents'> = {
  'quote.sent': 'quotes', 'quote.accepted': 'quotes', 'quote.declined': 'quotes',
  'booking.received': 'operations', 'booking.confirmed': 'operations', 'booking.rejected': 'operations',
  'shipment.created': 'operations', 'shipment.updated': 'operations', 'shipment.status_changed': 'operations',
  'tracking.event_added': 'operations', 'exception.raised': 'operations', 'exception.resolved': 'operations', 'document.generated': 'documents',
};

export const webhookEventTypeSchema = z.object({ type: z.string(), description: z.string() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the system turned it off: gone (the receiver answered 410), failing (5 days of failures); null otherwise. */
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  /** Until when deliveries are signed with the previous secret too. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export const webhookSecretSchema = z.object({ secret: z.string(), previous_secret_until: z.string().nullable() });

const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'required').max(WEBHOOK_EVENT_TYPES.length);
const url = z.string().trim().max(2000, 'too_long').refine((u) => {
  try {
    const p = new URL(u);
    return p.protocol === 'https:' || p.protocol === 'http:';
  } catch {
    return false;
  }
}, 'url_invalid');
export const webhookEndpointCreateBody = z.strictObject({
  url,
  description: z.string().trim().max(500, 'too_long').default(''),
  event_types: eventTypes,
  enabled: z.boolean().default(true),
});
export const webhookEndpointPatchBody = z.strictObject({
  url: url.optional(),
  description: z.string().trim().max(500, 'too_long').optional(),
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
});
export const webhookReplayBody = z.strictObject({ since: instant, until: instant.optional() });

export const WEBHOOK_ATTEMPT_STATUSES = ['succeeded', 'failed'] as const;
export const webhookAttemptSchema = z.object({
  id: z.string(),
  delivery_id: z.string(),
  endpoint_id: z.string(),
  /** The event's id, sent as webhook-id: the same on every attempt and resend. */
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_ATTEMPT_STATUSES),
  response_status: z.number().nullable(),
  duration_ms: z.number(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  attempted_at: z.string(),
  /** The delivery's state: pending (a retry is due), succeeded or failed (given up). */
  delivery_status: z.string(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
export const webhookDeliveriesQuery = z.object({
  endpoint_id: z.uuid().optional(),
  status: z.enum(WEBHOOK_ATTEMPT_STATUSES).optional(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES).or(z.literal('ping')).optional(),
  before: z.uuid().optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export const webhookReplaySchema = z.object({ queued: z.number() });
export const webhookResendSchema = z.object({ delivery_id: z.string() });
