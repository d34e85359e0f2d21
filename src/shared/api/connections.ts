import { z } from 'zod';

/** Who connects: a person, or an organisation acting through staff with the `network` permission. */
export const ACTOR_TYPES = ['user', 'organisation'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * A connection's life: `pending` until the receiver accepts (`connected`) or declines (`declined`),
 * or the sender withdraws (`withdrawn`); either side ends a connection (`disconnected`). Declined,
 * withdrawn and disconnected are the spec's "disconnected" state: a new request may follow.
 */
export const CONNECTION_STATUSES = ['pending', 'connected', 'declined', 'withdrawn', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** How the two sides know each other (labels in the web's texts, `connections.sources.<code>`). */
export const CONNECTION_SOURCES = [
  'worked_together', 'customer', 'supplier', 'agent_partner', 'trade_show', 'network_membership', 'referral', 'met_in_person', 'online', 'other',
] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

export const actorRef = z.object({ type: z.enum(ACTOR_TYPES), id: z.uuid('reference_invalid') });

export const connectionRequestBody = z.object({
  target: actorRef,
  message: z.string().trim().max(500, 'text_too_long').nullish(),
  source: z.enum(CONNECTION_SOURCES).nullish(),
  /** Send for the caller's organisation (needs `network.create`) rather than for the caller. */
  as_organisation: z.boolean().optional(),
});

export const connectionPatchBody = z.object({ status: z.enum(CONNECTION_STATUSES) });
export const connectionSourceBody = z.object({ source: z.enum(CONNECTION_SOURCES).nullable() });
export const keyContactBody = z.object({ user_id: z.uuid('reference_invalid').nullable() });

/** Lists: the caller's own connections, or (`as=organisation`, needs `network.view`) the organisation's. */
export const connectionListQuery = z.object({
  as: z.enum(ACTOR_TYPES).default('user'),
  status: z.enum(CONNECTION_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export const connectionCountsQuery = z.object({ as: z.enum(ACTOR_TYPES).default('user') });

export const actorSchema = z.object({
  type: z.enum(ACTOR_TYPES),
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  /** A person's organisation; an organisation's country. */
  subtitle: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  /** Seen from the caller's side: it sent the request, or received it. */
  direction: z.enum(['sent', 'received']),
  /** The other side. */
  other: actorSchema,
  message: z.string().nullable(),
  source: z.enum(CONNECTION_SOURCES).nullable(),
  /** The caller's side's key point of contact (organisation sides only). */
  key_contact_user_id: z.string().nullable(),
  /** That key point of contact's name (shown to members who may not list the staff). */
  key_contact_name: z.string().nullable(),
  /** Whether the caller's organisation may see this personal connection (the CRM lists it). */
  shared_with_organisation: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  connected_at: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionPageSchema = z.object({ data: z.array(connectionSchema), meta: z.object({ next_cursor: z.string().nullable() }) });
export const connectionCountsSchema = z.object({ connected: z.number(), invitations: z.number(), requested: z.number() });

/** Someone the caller may know: mutual connections, the same forwarder network, the same port. */
export const suggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  organisation: z.string().nullable(),
  mutual: z.number(),
  same_network: z.boolean(),
  same_port: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
