import { z } from 'zod';
import { CONNECTION_STATUSES, connectionSchema } from './connections.ts';

export const searchQuery = z.object({ q: z.string().trim().min(2, 'search_too_short').max(100, 'text_too_long') });

/** How the caller (as a person) stands with a result: no row, or its status and who asked. */
export const searchLinkSchema = z.object({ id: z.string(), status: z.enum(CONNECTION_STATUSES), direction: z.enum(['sent', 'received']) }).nullable();

export const searchPersonSchema = z.object({
  id: z.string(), name: z.string(), avatar_url: z.string().nullable(), organisation: z.string().nullable(), connection: searchLinkSchema,
});
export const searchOrganisationSchema = z.object({
  id: z.string(), name: z.string(), logo_url: z.string().nullable(), city: z.string(), country: z.string(), connection: searchLinkSchema,
});
/** A company the caller's organisation keeps in its CRM (only with `crm.view`). */
export const searchNativeSchema = z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), country: z.string() });
export const searchResultsSchema = z.object({
  users: z.array(searchPersonSchema),
  organisations: z.array(searchOrganisationSchema),
  /** The caller's own connections whose other side matches. */
  connections: z.array(connectionSchema),
  /** The caller's organisation's clients not on FYN (empty without `crm.view`). */
  native_organisations: z.array(searchNativeSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchPerson = z.infer<typeof searchPersonSchema>;
export type SearchOrganisation = z.infer<typeof searchOrganisationSchema>;
