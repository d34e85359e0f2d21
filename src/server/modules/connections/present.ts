import { and, eq, inArray } from 'drizzle-orm';
import type { Connection } from '#shared/api/connections.ts';
import type { Db } from '../../db/client.ts';
import { connections, connectionShares, organisations, users } from '../../db/schema/index.ts';
import type { ActorKey, Side } from './rules.ts';

export type Row = typeof connections.$inferSelect;
export const otherSide = (side: Side): Side => (side === 'requester' ? 'target' : 'requester');
export const actorAt = (row: Row, side: Side): ActorKey => ({ type: row[`${side}_type`], id: row[`${side}_id`] });

/** Rows as the caller sees them: the other side's name and picture, direction, sharing. */
export async function presentConnections(db: Db, rows: Row[], sideFor: (row: Row) => Side, viewerUserId: string): Promise<Connection[]> {
  if (rows.length === 0) return [];
  const others = rows.map((r) => actorAt(r, otherSide(sideFor(r))));
  const userIds = [...new Set(others.filter((o) => o.type === 'user').map((o) => o.id))];
  const orgIds = [...new Set(others.filter((o) => o.type === 'organisation').map((o) => o.id))];
  const keyContactIds = [...new Set(rows.map((r) => r[`${sideFor(r)}_key_contact`]).filter((id): id is string => id !== null))];
  const [people, orgs, shares, keyContacts] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, name: users.name, image: users.image, org: organisations.name }).from(users).leftJoin(organisations, eq(organisations.id, users.organisationId)).where(inArray(users.id, userIds))
      : [],
    orgIds.length ? db.select({ id: organisations.id, name: organisations.name, logo: organisations.logo, country: organisations.country }).from(organisations).where(inArray(organisations.id, orgIds)) : [],
    db.select({ id: connectionShares.connection_id }).from(connectionShares).where(and(inArray(connectionShares.connection_id, rows.map((r) => r.id)), eq(connectionShares.user_id, viewerUserId))),
    keyContactIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, keyContactIds)) : [],
  ]);
  const keyContactName = new Map(keyContacts.map((k) => [k.id, k.name]));
  const personBy = new Map(people.map((p) => [p.id, p]));
  const orgBy = new Map(orgs.map((o) => [o.id, o]));
  const shared = new Set(shares.map((s) => s.id));
  return rows.map((row, i) => {
    const side = sideFor(row);
    const other = others[i];
    const person = other.type === 'user' ? personBy.get(other.id) : undefined;
    const org = other.type === 'organisation' ? orgBy.get(other.id) : undefined;
    return {
      id: row.id,
      status: row.status,
      direction: side === 'requester' ? 'sent' : 'received',
      other: {
        type: other.type, id: other.id,
        name: person?.name ?? org?.name ?? '',
        avatar_url: person?.image ?? org?.logo ?? null,
        subtitle: person ? (person.org ?? null) : (org?.country ?? null),
      },
      message: row.message,
      source: row.source,
      key_contact_user_id: row[`${side}_key_contact`],
      key_contact_name: keyContactName.get(row[`${side}_key_contact`] ?? '') ?? null,
      shared_with_organisation: shared.has(row.id),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      connected_at: row.connected_at?.toISOString() ?? null,
    } satisfies Connection;
  });
}
