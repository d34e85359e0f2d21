import { and, eq, inArray } from 'drizzle-orm';
import type { DetailVisibility, OrganisationProfile, Profile } from '#shared/api/profiles.ts';
import type { Db } from '../../db/client.ts';
import {
  addressesTable, connections, locations, organisationMembers, organisations, profiles, roles, standardsCertificationsTable, supplyChainNetworksTable, userBlocks, users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { blockedBetween } from '../connections/routes.ts';
import { pairOf, type ActorKey } from '../connections/rules.ts';
import { FILES_PREFIX } from '../files/images.ts';

/** Who is looking: the caller's id, organisation (active membership) and whether their role holds `hr.view`. */
export type Viewer = { id: string; organisationId: string | null; hrView: boolean };

type Link = Profile['connection'];

/** How `me` (as a person) stands with another side: the connection row's status and who asked, or null. */
export async function linkBetween(db: Db, me: string, other: ActorKey): Promise<Link> {
  const pair = pairOf({ type: 'user', id: me }, other);
  const [row] = await db
    .select({ id: connections.id, status: connections.status, requester_type: connections.requester_type, requester_id: connections.requester_id })
    .from(connections)
    .where(and(eq(connections.pair_low, pair.pair_low), eq(connections.pair_high, pair.pair_high)));
  if (!row) return null;
  return { id: row.id, status: row.status, direction: row.requester_type === 'user' && row.requester_id === me ? 'sent' : 'received' };
}

/** Whether a detail with this visibility shows to the viewer (oneself always sees one's own). */
export function shows(visibility: DetailVisibility, who: { self: boolean; connected: boolean; colleague: boolean }): boolean {
  if (who.self) return true;
  if (visibility === 'public') return true;
  if (visibility === 'connections') return who.connected;
  if (visibility === 'organisation') return who.colleague;
  return false;
}

export const coverUrl = (key: string | null | undefined) => (key ? FILES_PREFIX + key : null);

/**
 * A person's profile as `viewer` may see it (docs/architecture.md#network, "Profiles"): 404 for an
 * unknown or unverified person and for a pair blocked either way; e-mail and phone by their
 * visibility; emergency details only for the person and their organisation's HR (`hr.view`).
 */
export async function readProfile(db: Db, viewer: Viewer, userId: string): Promise<Profile> {
  const self = viewer.id === userId;
  const [row] = await db
    .select({
      id: users.id, name: users.name, email: users.email, image: users.image, verified: users.emailVerified,
      orgId: organisations.id, orgName: organisations.name, orgLogo: organisations.logo,
      memberTitle: organisationMembers.job_title, role: roles.name,
      profile: profiles, locationName: locations.name, locationCountry: locations.country,
    })
    .from(users)
    .leftJoin(organisationMembers, and(eq(organisationMembers.user_id, users.id), eq(organisationMembers.organisation_id, users.organisationId), eq(organisationMembers.status, 'active')))
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisation_id))
    .leftJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .leftJoin(locations, eq(locations.code, profiles.location))
    .where(eq(users.id, userId));
  if (!row || !row.verified) throw notFound('The person');
  // A block either way looks like nobody there.
  if (!self && (await blockedBetween(db, viewer.id, userId))) throw notFound('The person');

  const p = row.profile;
  const connection = self ? null : await linkBetween(db, viewer.id, { type: 'user', id: userId });
  const colleague = !self && row.orgId !== null && row.orgId === viewer.organisationId;
  const who = { self, connected: connection?.status === 'connected', colleague };
  const emailVisibility = p?.email_visibility ?? 'connections';
  const phoneVisibility = p?.phone_visibility ?? 'connections';
  const profile: Profile = {
    user_id: row.id,
    name: row.name,
    avatar_url: row.image,
    cover_url: coverUrl(p?.cover_key),
    headline: p?.headline ?? null,
    bio: p?.bio ?? null,
    location: p?.location && row.locationName ? { code: p.location, name: row.locationName, country: row.locationCountry ?? p.location.slice(0, 2) } : null,
    organisation: row.orgId ? { id: row.orgId, name: row.orgName ?? '', logo_url: row.orgLogo } : null,
    role: row.orgId ? (row.role ?? null) : null,
    job_title: p?.job_title ?? row.memberTitle ?? null,
    experience: p?.experience ?? [],
    education: p?.education ?? [],
    hobbies: p?.hobbies ?? [],
    interests: p?.interests ?? [],
    languages: p?.languages ?? [],
    email: shows(emailVisibility, who) ? row.email : null,
    phone: p?.phone && shows(phoneVisibility, who) ? p.phone : null,
    connection,
    is_self: self,
  };
  if (self) profile.settings = { email_visibility: emailVisibility, phone_visibility: phoneVisibility, listed: p?.listed ?? false };
  // Emergency details: the person, and HR of the person's own organisation; no key at all for anyone else.
  if (self || (colleague && viewer.hrView)) profile.emergency = p?.emergency ?? null;
  return profile;
}

/** An organisation as any logged-in person sees it: what its control centre tells the network, and its listed staff. */
export async function readOrganisationProfile(db: Db, viewer: Viewer, organisationId: string): Promise<OrganisationProfile> {
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name, logo: organisations.logo, country: organisations.country, city: organisations.city, types: organisations.types, website: organisations.website, code: organisations.locationCode, place: locations.name })
    .from(organisations)
    .leftJoin(locations, eq(locations.code, organisations.locationCode))
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound('The organisation');
  const own = viewer.organisationId === org.id;
  const [addresses, certifications, networks, people, connection] = await Promise.all([
    db
      .select({
        label: addressesTable.label, location_type: addressesTable.location_type, line1: addressesTable.line1, line2: addressesTable.line2, town: addressesTable.town,
        postcode: addressesTable.postcode, country: addressesTable.country, location_code: addressesTable.location_code,
      })
      .from(addressesTable)
      .where(eq(addressesTable.organisation_id, org.id))
      .orderBy(addressesTable.label),
    db
      .select({ name: standardsCertificationsTable.name, issuer: standardsCertificationsTable.issuer, valid_until: standardsCertificationsTable.valid_until })
      .from(standardsCertificationsTable)
      .where(eq(standardsCertificationsTable.organisation_id, org.id))
      .orderBy(standardsCertificationsTable.name),
    db
      .select({ name: supplyChainNetworksTable.name, kind: supplyChainNetworksTable.kind, member_since: supplyChainNetworksTable.member_since, website: supplyChainNetworksTable.website })
      .from(supplyChainNetworksTable)
      .where(eq(supplyChainNetworksTable.organisation_id, org.id))
      .orderBy(supplyChainNetworksTable.name),
    // Active, verified staff who chose to be listed.
    db
      .select({ id: users.id, name: users.name, avatar_url: users.image, member_title: organisationMembers.job_title, job_title: profiles.job_title, headline: profiles.headline })
      .from(organisationMembers)
      .innerJoin(users, and(eq(users.id, organisationMembers.user_id), eq(users.organisationId, organisationMembers.organisation_id)))
      .innerJoin(profiles, eq(profiles.user_id, users.id))
      .where(and(eq(organisationMembers.organisation_id, org.id), eq(organisationMembers.status, 'active'), eq(profiles.listed, true), eq(users.emailVerified, true)))
      .orderBy(users.name),
    own ? Promise.resolve(null) : linkBetween(db, viewer.id, { type: 'organisation', id: org.id }),
  ]);
  // Nobody blocked by the viewer (or blocking them) is listed to them.
  const blocked = people.length ? await blockedAmong(db, viewer.id, people.map((p) => p.id)) : new Set<string>();
  return {
    id: org.id,
    name: org.name,
    logo_url: org.logo,
    country: org.country,
    city: org.city,
    types: org.types,
    website: org.website,
    location: org.code ? { code: org.code, name: org.place ?? org.code } : null,
    addresses,
    certifications,
    networks,
    connection,
    is_own: own,
    people: people.filter((p) => !blocked.has(p.id)).map((p) => ({ id: p.id, name: p.name, avatar_url: p.avatar_url, job_title: p.job_title ?? p.member_title, headline: p.headline })),
  };
}

async function blockedAmong(db: Db, me: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ a: userBlocks.blocker_id, b: userBlocks.blocked_id })
    .from(userBlocks)
    .where(and(inArray(userBlocks.blocker_id, [me, ...ids]), inArray(userBlocks.blocked_id, [me, ...ids])));
  return new Set(rows.filter((r) => r.a === me || r.b === me).map((r) => (r.a === me ? r.b : r.a)));
}
