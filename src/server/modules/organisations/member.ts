import type { OrganisationRow, SessionUserRow } from '../auth/session.ts';

/**
 * Who a tenant call acts for (membership.ts `membershipOf` makes it, for a session and for an API key alike):
 * the shape alone, a leaf both import.
 */
export type Membership = {
  user: SessionUserRow;
  organisation: OrganisationRow;
  role: { id: string; name: string; builtin: string | null };
  permissions: ReadonlySet<string>;
  /** The API key the request came with (its creator is `user`); absent for a person's session. */
  apiKey?: { id: string; name: string; rate: { used: number; windowStart: number } };
};
