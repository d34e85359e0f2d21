import { v7 as uuidv7 } from 'uuid';
import type { ConnectionSource, ConnectionStatus } from '#shared/api/connections.ts';
import type { OrganisationType } from '#shared/organisations/model.ts';
import type { AppContext } from '../../context.ts';
import { eq } from 'drizzle-orm';
import { accounts, connections, connectionShares, users } from '../../db/schema/index.ts';
import { pairOf, type ActorKey } from '../connections/rules.ts';
import { createOrganisation } from '../organisations/service.ts';

/** Northwind's partners abroad, each run by one person who can log in with the demo password. */
const PARTNERS: { email: string; name: string; org?: { name: string; types: OrganisationType[]; country: string; city: string; address: string; location: string } }[] = [
  { email: 'pieter@rma.demo.fyn.local', name: 'Pieter de Vries', org: { name: 'Rotterdam Maritime Agency B.V.', types: ['forwarder', 'customs_broker'], country: 'NL', city: 'Rotterdam', address: 'Waalhaven Zuidzijde 21', location: 'NLRTM' } },
  { email: 'li.wei@sol.demo.fyn.local', name: 'Li Wei', org: { name: 'Shanghai Oriental Logistics Co.', types: ['forwarder', 'nvocc'], country: 'CN', city: 'Shanghai', address: '1088 Yangshupu Road', location: 'CNSHA' } },
  { email: 'katrin@hfl.demo.fyn.local', name: 'Katrin Vogel', org: { name: 'Hamburg Feeder Lines GmbH', types: ['shipping_line', 'carrier'], country: 'DE', city: 'Hamburg', address: 'Am Sandtorkai 48', location: 'DEHAM' } },
  { email: 'lucia@vfs.demo.fyn.local', name: 'Lucía Martínez', org: { name: 'Valencia Freight Services S.L.', types: ['forwarder', 'warehouse'], country: 'ES', city: 'Valencia', address: 'Avenida del Puerto 332', location: 'ESVLC' } },
  { email: 'priya.nair@demo.fyn.local', name: 'Priya Nair' },
  { email: 'ahmed@gbl.demo.fyn.local', name: 'Ahmed Al-Mansouri', org: { name: 'Gulf Bridge Logistics LLC', types: ['forwarder', 'nvocc'], country: 'AE', city: 'Dubai', address: 'Jebel Ali Free Zone, Gate 5', location: 'AEJEA' } },
  { email: 'sven.larsen@demo.fyn.local', name: 'Sven Larsen' },
];

/** Two more companies in the network, each run by its first person. */
const MORE_COMPANIES: { owner: { email: string; name: string }; org: { name: string; types: OrganisationType[]; country: string; city: string; address: string; location: string } }[] = [
  { owner: { email: 'arun.mehta@mgc.demo.fyn.local', name: 'Arun Mehta' }, org: { name: 'Mumbai Gateway Cargo Pvt. Ltd.', types: ['forwarder', 'customs_broker'], country: 'IN', city: 'Mumbai', address: 'JNPT Road, Sector 7', location: 'INNSA' } },
  { owner: { email: 'camila.souza@scb.demo.fyn.local', name: 'Camila Souza' }, org: { name: 'Santos Cargo Brasil Ltda.', types: ['forwarder', 'warehouse'], country: 'BR', city: 'Santos', address: 'Avenida Portuária 1200', location: 'BRSSZ' } },
];

/** Colleagues of each company's first person (by that person's e-mail): staff who can log in too. */
const COLLEAGUES: Record<string, [email: string, name: string][]> = {
  'pieter@rma.demo.fyn.local': [['sanne@rma.demo.fyn.local', 'Sanne Bakker'], ['joost@rma.demo.fyn.local', 'Joost Visser'], ['fleur@rma.demo.fyn.local', 'Fleur Janssen'], ['daan@rma.demo.fyn.local', 'Daan de Jong']],
  'li.wei@sol.demo.fyn.local': [['zhang.min@sol.demo.fyn.local', 'Zhang Min'], ['chen.jie@sol.demo.fyn.local', 'Chen Jie'], ['wang.fang@sol.demo.fyn.local', 'Wang Fang'], ['liu.yang@sol.demo.fyn.local', 'Liu Yang']],
  'katrin@hfl.demo.fyn.local': [['jonas@hfl.demo.fyn.local', 'Jonas Becker'], ['lena@hfl.demo.fyn.local', 'Lena Hoffmann'], ['matthias@hfl.demo.fyn.local', 'Matthias Krüger']],
  'lucia@vfs.demo.fyn.local': [['javier@vfs.demo.fyn.local', 'Javier Ruiz'], ['carmen@vfs.demo.fyn.local', 'Carmen López'], ['pablo@vfs.demo.fyn.local', 'Pablo Navarro']],
  'ahmed@gbl.demo.fyn.local': [['fatima@gbl.demo.fyn.local', 'Fatima Haddad'], ['omar@gbl.demo.fyn.local', 'Omar Khalil'], ['rashid@gbl.demo.fyn.local', 'Rashid Saleh'], ['layla@gbl.demo.fyn.local', 'Layla Nasser']],
  'arun.mehta@mgc.demo.fyn.local': [['deepa@mgc.demo.fyn.local', 'Deepa Iyer'], ['vikram@mgc.demo.fyn.local', 'Vikram Rao'], ['sneha@mgc.demo.fyn.local', 'Sneha Kulkarni']],
  'camila.souza@scb.demo.fyn.local': [['rafael@scb.demo.fyn.local', 'Rafael Lima'], ['beatriz@scb.demo.fyn.local', 'Beatriz Costa'], ['thiago@scb.demo.fyn.local', 'Thiago Alves']],
};

/**
 * The demo owner's network (embedded mode only): partners connected to Olivia and to Northwind,
 * invitations waiting for an answer, and a request of hers still open, so that the connections
 * screen shows each of its states. `passwordHash` is the demo password's, shared by these accounts.
 */
export async function seedDemoNetwork(ctx: AppContext, ownerId: string, northwindId: string, staff: Record<string, string>, passwordHash: string) {
  const db = ctx.database.db;
  const person: Record<string, ActorKey> = {};
  const company: Record<string, ActorKey> = {};
  const account = async (email: string, name: string) => {
    const id = uuidv7();
    await db.insert(users).values({ id, email, name, emailVerified: true });
    await db.insert(accounts).values({ id: uuidv7(), userId: id, accountId: id, providerId: 'credential', password: passwordHash });
    person[email] = { type: 'user', id };
    return id;
  };
  for (const p of [...PARTNERS, ...MORE_COMPANIES.map((c) => ({ ...c.owner, org: c.org }))]) {
    const id = await account(p.email, p.name);
    if (p.org) {
      const org = await createOrganisation(ctx, id, {
        name: p.org.name, types: p.org.types, country: p.org.country, address_line1: p.org.address, address_line2: null, city: p.org.city, postcode: null, location_code: p.org.location,
        registration_number: null, vat_number: null, website: null,
      });
      company[p.email] = { type: 'organisation', id: org.id };
    }
  }
  // Each company's staff: members with its built-in Staff role.
  for (const [lead, colleagues] of Object.entries(COLLEAGUES)) {
    const org = company[lead];
    for (const [email, name] of colleagues) {
      const id = await account(email, name);
      await db.update(users).set({ organisationId: org.id }).where(eq(users.id, id));
      await ctx.database.query(
        `insert into organisation_members (organisation_id, user_id, role_id) select $1, $2, r.id from roles r where r.organisation_id = $1 and r.builtin = 'staff'`,
        [org.id, id],
      );
    }
  }
  const olivia: ActorKey = { type: 'user', id: ownerId };
  const northwind: ActorKey = { type: 'organisation', id: northwindId };
  const day = 86_400_000;
  const connect = async (
    from: ActorKey, to: ActorKey, status: ConnectionStatus, daysAgo: number, by: string,
    more: { message?: string; source?: ConnectionSource; targetKeyContact?: string; requesterKeyContact?: string } = {},
  ) => {
    const at = new Date(Date.now() - daysAgo * day);
    const id = uuidv7();
    await db.insert(connections).values({
      id, ...pairOf(from, to), requester_type: from.type, requester_id: from.id, target_type: to.type, target_id: to.id, status,
      message: more.message ?? null, source: more.source ?? null, requested_by: by,
      requester_key_contact: more.requesterKeyContact ?? null, target_key_contact: more.targetKeyContact ?? null,
      created_at: at, updated_at: at, connected_at: status === 'connected' ? at : null,
    });
    return id;
  };
  const pieter = 'pieter@rma.demo.fyn.local';
  const shared = await connect(olivia, person[pieter], 'connected', 410, ownerId, { source: 'agent_partner' });
  await db.insert(connectionShares).values({ connection_id: shared, organisation_id: northwindId, user_id: ownerId });
  await connect(person['li.wei@sol.demo.fyn.local'], olivia, 'connected', 200, person['li.wei@sol.demo.fyn.local'].id, {
    source: 'trade_show', message: 'Good to meet you at Intermodal Asia — let us keep in touch on the Shanghai–Felixstowe lane.',
  });
  await connect(northwind, company[pieter], 'connected', 380, ownerId, { source: 'network_membership', requesterKeyContact: staff['admin@demo.fyn.local'] });
  await connect(company['katrin@hfl.demo.fyn.local'], northwind, 'connected', 95, person['katrin@hfl.demo.fyn.local'].id, {
    source: 'supplier', targetKeyContact: staff['ocean@demo.fyn.local'],
  });
  await connect(person['katrin@hfl.demo.fyn.local'], olivia, 'pending', 2, person['katrin@hfl.demo.fyn.local'].id, {
    message: 'We run weekly feeders Hamburg–Felixstowe and would be glad to quote your transhipments.',
  });
  await connect(person['lucia@vfs.demo.fyn.local'], olivia, 'pending', 1, person['lucia@vfs.demo.fyn.local'].id, {
    source: 'referral', message: 'Pieter de Vries suggested we talk: we handle groupage and warehousing out of Valencia.',
  });
  await connect(company['lucia@vfs.demo.fyn.local'], northwind, 'pending', 1, person['lucia@vfs.demo.fyn.local'].id, {
    message: 'Valencia Freight Services would like to work with Northwind on UK–Spain groupage.',
  });
  await connect(olivia, person['priya.nair@demo.fyn.local'], 'pending', 4, ownerId, {
    source: 'met_in_person', message: 'Thank you for the CDS session in Ipswich — I would like to stay in touch.',
  });
  // People Olivia may know: Ahmed through Pieter and Li Wei and the same forwarder network, Sven through Pieter.
  const ahmed = 'ahmed@gbl.demo.fyn.local';
  await connect(person[ahmed], person[pieter], 'connected', 150, person[ahmed].id, { source: 'network_membership' });
  await connect(person['li.wei@sol.demo.fyn.local'], person[ahmed], 'connected', 60, person['li.wei@sol.demo.fyn.local'].id, { source: 'worked_together' });
  await connect(person['sven.larsen@demo.fyn.local'], person[pieter], 'connected', 30, person['sven.larsen@demo.fyn.local'].id, { source: 'customer' });
  await ctx.database.query(
    `insert into supply_chain_networks (organisation_id, id, name, kind, membership_number, member_since, website) values ($1, $2, 'WCA Inter Global', 'forwarder_network', 'WCA-118203', '2021-03-01', 'https://www.wcaworld.com')`,
    [company[ahmed].id, uuidv7()],
  );
  // The wider network: partners' staff know each other and Northwind's staff (not Olivia's own
  // connections, so that her suggestions stay those above), and the companies are linked.
  const p = (email: string) => person[email];
  const links: [string, string, number][] = [
    ['sanne@rma.demo.fyn.local', 'jonas@hfl.demo.fyn.local', 120], ['zhang.min@sol.demo.fyn.local', 'deepa@mgc.demo.fyn.local', 80],
    ['javier@vfs.demo.fyn.local', 'rafael@scb.demo.fyn.local', 45], ['fatima@gbl.demo.fyn.local', 'vikram@mgc.demo.fyn.local', 70],
    ['camila.souza@scb.demo.fyn.local', 'arun.mehta@mgc.demo.fyn.local', 200], ['lena@hfl.demo.fyn.local', 'carmen@vfs.demo.fyn.local', 33],
    ['omar@gbl.demo.fyn.local', 'chen.jie@sol.demo.fyn.local', 21], ['joost@rma.demo.fyn.local', 'pablo@vfs.demo.fyn.local', 14],
  ];
  for (const [a, b, days] of links) await connect(p(a), p(b), 'connected', days, p(a).id, { source: 'worked_together' });
  const northwindStaff: [string, string, number][] = [
    ['ocean@demo.fyn.local', 'jonas@hfl.demo.fyn.local', 90], ['ocean@demo.fyn.local', 'zhang.min@sol.demo.fyn.local', 60],
    ['customs@demo.fyn.local', 'fleur@rma.demo.fyn.local', 40], ['admin@demo.fyn.local', 'deepa@mgc.demo.fyn.local', 25],
  ];
  for (const [mine, theirs, days] of northwindStaff) {
    await connect({ type: 'user', id: staff[mine] }, p(theirs), 'connected', days, staff[mine], { source: 'agent_partner' });
  }
  await connect(company['arun.mehta@mgc.demo.fyn.local'], company['ahmed@gbl.demo.fyn.local'], 'connected', 150, p('arun.mehta@mgc.demo.fyn.local').id, { source: 'network_membership' });
  await connect(company['camila.souza@scb.demo.fyn.local'], company['lucia@vfs.demo.fyn.local'], 'connected', 75, p('camila.souza@scb.demo.fyn.local').id, { source: 'agent_partner' });
  await connect(company['li.wei@sol.demo.fyn.local'], company['katrin@hfl.demo.fyn.local'], 'pending', 3, p('li.wei@sol.demo.fyn.local').id, { message: 'Feeder space Hamburg–Baltic for our Shanghai boxes?' });
}
