import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CutOff, Party, TransportLeg } from '#shared/api/operations.ts';
import type { EventClassifier, EventType } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { bookings, shipmentContainers, shipments, tasksTable } from '../../db/schema/index.ts';
import { confirmBooking } from '../operations/bookings.ts';
import { generateDocument } from '../operations/documents.ts';
import { scanExceptions } from '../operations/exceptions.ts';
import { applyEvent, attachTasks, editShipment, moveShipment, shipmentNumbers } from '../operations/service.ts';
import { loadShipment, type BookingRow } from '../operations/answers.ts';
import { notify } from '../notifications/notify.ts';

const DAY = 86_400_000;
const at = (daysFromNow: number, hour = 9) => {
  const d = new Date(Date.now() + daysFromNow * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/** An exact moment some hours from now (cut-offs that must fall inside the 24-hour warning). */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const party = (name: string, address: string, contact: string | null, email: string | null, phone: string | null = null): Party => ({ name, address, contact, email, phone });
const HARROGATE = party('Harrogate Home & Garden Ltd', 'Unit 7, Hornbeam Park, Harrogate HG2 8QT, United Kingdom', 'Emily Carter', 'emily.carter@harrogate-hg.example', '+44 1423 555 202');
const PENNINE = party('Pennine Outdoor Clothing Ltd', '14 Ancoats Street, Manchester M4 6DE, United Kingdom', 'Daniel Hughes', 'daniel.hughes@pennine-outdoor.example');
const HANSEATIC = party('Hanseatic Machine Parts GmbH', 'Billstraße 80, 20539 Hamburg, Deutschland', 'Jonas Becker', 'j.becker@hanseatic-parts.example', '+49 40 555 7781');
const TVE = party('Thames Valley Electronics plc', '3 Arlington Business Park, Reading RG7 4SA, United Kingdom', 'Priyanka Shah', 'p.shah@tve.example', '+44 118 555 0140');
const NINGBO_SUPPLIER = party('宁波海曙园艺用品有限公司 (Ningbo Haishu Garden Products Co., Ltd)', '88 Zhongshan West Road, Haishu, Ningbo 315000, China', 'Wang Fang (王芳)', 'export@haishu-garden.example');
const SHANGHAI_SUPPLIER = party('上海东方家具制造有限公司 (Shanghai Dongfang Furniture Manufacturing Co.)', '1200 Jiangchang Road, Jing’an, Shanghai 200072, China', 'Li Na (李娜)', 'li.na@dongfang-furniture.example');
const SHEKOU_SUPPLIER = party('Shenzhen Everpeak Apparel Co., Ltd', '6 Gongye 8th Road, Shekou, Shenzhen 518067, China', 'Zhao Lei', 'shipping@everpeak-apparel.example');
const HK_SUPPLIER = party('Kowloon Precision Components Ltd', '18 Hung To Road, Kwun Tong, Hong Kong', 'Grace Lam', 'grace.lam@kowloon-precision.example');
const ROTTERDAM_SUPPLIER = party('Maasvlakte Hydraulics B.V.', 'Europaweg 910, 3199 LC Rotterdam, Nederland', 'Sanne de Vries', 'logistiek@maasvlakte-hydraulics.example');
const BRIGHTSTAR = party('Shenzhen Brightstar Lighting Co., Ltd (深圳明星照明有限公司)', '32 Bao’an Avenue, Yantian, Shenzhen, China', 'Chen Jing (陈静)', 'chen.jing@brightstar-lighting.example', '+86 755 5555 0188');

type Event = [type: EventType, code: string, classifier: EventClassifier, location: string | null, days: number, container?: string, recordedDays?: number];

/** Completes a booking with its DCSA details (as staff would before confirming it). */
async function complete(tx: Tx, orgId: string, bookingId: string, details: { shipper: Party; consignee: Party; notify?: Party; pol: string; pod: string; receipt?: string; delivery?: string; legs: TransportLeg[]; cutOffs?: CutOff[]; carrierRef?: string }) {
  await tx.update(bookings).set({
    shipper: details.shipper, consignee: details.consignee, notify_party: details.notify ?? details.consignee, booking_party: details.consignee,
    pol: details.pol, pod: details.pod, place_of_receipt: details.receipt ?? null, place_of_delivery: details.delivery ?? null, legs: details.legs, cut_offs: details.cutOffs ?? [],
    carrier_booking_reference: details.carrierRef ?? null,
  }).where(sql`organisation_id = ${orgId} and id = ${bookingId}`);
  const [b] = await rowsOf<BookingRow>(tx, sql`select * from bookings where organisation_id = ${orgId} and id = ${bookingId} for update`);
  return b;
}

/**
 * Northwind's operations (issue 12, item 7): bookings in every status, shipments by sea, air and
 * road with containers and DCSA events (one delayed, one arrived, one at risk of demurrage, one
 * near its cut-off with its bill of lading missing), the exceptions the scan raises from them,
 * tasks from the standard checklists, and generated documents.
 */
export async function seedDemoOperations(ctx: AppContext, orgId: string, ids: Record<string, string>, booked: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const owner = ids['owner@demo.fyn.local'];
  const sofia = ids['ocean@demo.fyn.local'];
  const arjun = ids['admin@demo.fyn.local'];

  /** Confirms a booking as of `days` ago, runs the events on its shipment and dates it. */
  async function run(key: string, details: Parameters<typeof complete>[3], confirmedDaysAgo: number, plan: { containers?: [string, string, string][]; events?: Event[]; freeDays?: number; goods?: string; vessel?: string; voyage?: string; flight?: string; status?: 'delivered' | 'closed'; actuals?: number[] }) {
    return db.transaction(async (tx) => {
      const b = await complete(tx, orgId, booked[key], details);
      const shipmentId = await confirmBooking(tx, b, sofia, { carrier_booking_reference: details.carrierRef ?? null });
      const confirmedAt = new Date(Date.now() - confirmedDaysAgo * DAY);
      await tx.execute(sql`update bookings set confirmed_at = ${confirmedAt}, updated_at = ${confirmedAt} where organisation_id = ${orgId} and id = ${b.id}`);
      await tx.execute(sql`update shipments set created_at = ${confirmedAt}, free_days = ${plan.freeDays ?? 7}, goods_description = ${plan.goods ?? null},
        vessel = coalesce(${plan.vessel ?? null}, vessel), voyage = coalesce(${plan.voyage ?? null}, voyage), flight = ${plan.flight ?? null} where organisation_id = ${orgId} and id = ${shipmentId}`);
      for (const [number, iso, seal] of plan.containers ?? []) {
        await tx.insert(shipmentContainers).values({ organisation_id: orgId, id: uuidv7(), shipment_id: shipmentId, number, iso_type: iso, seal, created_at: confirmedAt });
      }
      const s = (await loadShipment(tx, orgId, shipmentId, true))!;
      for (const [type, code, classifier, location, days, container, recorded] of plan.events ?? []) {
        await applyEvent(tx, s, {
          event_type: type, code, classifier, location, occurred_at: at(days, code === 'ARRI' ? 6 : 14), recorded_at: at(recorded ?? Math.min(days, 0) - 0.1, 8),
          container_number: container ?? null, vessel: type === 'TRANSPORT' ? plan.vessel ?? null : null, voyage: type === 'TRANSPORT' ? plan.voyage ?? null : null,
        }, type === 'EQUIPMENT' ? 'webhook' : 'staff', type === 'EQUIPMENT' ? null : sofia);
      }
      if (plan.status) {
        await moveShipment(tx, s, 'delivered', sofia, 'staff');
        if (plan.status === 'closed') await moveShipment(tx, s, 'closed', sofia, 'staff');
      }
      if (plan.actuals) {
        // Actual costs as invoiced: the quoted cost times the factor (1.03 = 3 % more), to the penny.
        const charges = s.charges.map((c, i) => ({ ...c, actual_buy_minor: plan.actuals![i] === undefined ? null : Math.round(c.quoted_buy_minor * plan.actuals![i]) }));
        await tx.update(shipments).set({ charges }).where(sql`organisation_id = ${orgId} and id = ${shipmentId}`);
      }
      // Tasks of the checklist: those due already done by the desk, the rest shared out.
      await tx.execute(sql`
        update tasks set assignee_user_id = case when title like '%arrival notice%' or title like '%haulier%' then ${arjun}::uuid else ${sofia}::uuid end,
               status = case when due_on < current_date - 1 then 'done' when due_on <= current_date then 'in_progress' else 'todo' end
         where organisation_id = ${orgId} and (shipment_id = ${shipmentId} or booking_id = ${b.id})`);
      return shipmentId;
    });
  }

  // 1. Jackets Shekou → Felixstowe: arrived, discharged six and a half days ago, not gated out (demurrage risk).
  const pennine = await run('pennine_fcl', {
    shipper: SHEKOU_SUPPLIER, consignee: PENNINE, pol: 'CNSHK', pod: 'GBFXT', delivery: 'GBMNC', carrierRef: 'MAEU241178930',
    legs: [{ mode: 'sea', from: 'CNSHK', to: 'GBFXT', carrier: 'Maersk', vessel: 'Maersk Essen', voyage: '447W', flight: null, etd: at(-38, 14), eta: at(-7, 6) }],
  }, 43, {
    containers: [['MAEU1234567', '42G1', 'ML-2209417']], goods: '1 860 padded jackets in 310 cartons, HS 6201.40', vessel: 'Maersk Essen', voyage: '447W', freeDays: 7,
    events: [
      ['EQUIPMENT', 'GTIN', 'ACT', 'CNSHK', -40, 'MAEU1234567'], ['EQUIPMENT', 'LOAD', 'ACT', 'CNSHK', -38.5, 'MAEU1234567'],
      ['TRANSPORT', 'DEPA', 'ACT', 'CNSHK', -38], ['TRANSPORT', 'ARRI', 'ACT', 'GBFXT', -7],
      ['EQUIPMENT', 'DISC', 'ACT', 'GBFXT', -6.6, 'MAEU1234567'],
    ],
  });

  // 2. Garden furniture Shanghai → Felixstowe, under way and running two days late (an ETA slip).
  const harrogate = await run('harrogate_fcl', {
    shipper: SHANGHAI_SUPPLIER, consignee: HARROGATE, pol: 'CNSHA', pod: 'GBFXT', receipt: 'CNSHA', carrierRef: 'COSU6425187730',
    legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: 'COSCO Shipping Lines', vessel: 'COSCO Shipping Aries', voyage: '056W', flight: null, etd: at(-12, 14), eta: at(20, 6) }],
    cutOffs: [{ kind: 'documentation', at: at(-14, 12) }, { kind: 'vgm', at: at(-14, 16) }, { kind: 'fcl_delivery', at: at(-13, 18) }],
  }, 19, {
    containers: [['MSCU1234566', '45G1', 'CN4471920'], ['TGHU9876542', '45G1', 'CN4471921']], goods: '412 cartons of garden furniture (rattan sofas, tables), HS 9401.79', vessel: 'COSCO Shipping Aries', voyage: '056W',
    events: [
      ['EQUIPMENT', 'GTIN', 'ACT', 'CNSHA', -14, 'MSCU1234566'], ['EQUIPMENT', 'GTIN', 'ACT', 'CNSHA', -14, 'TGHU9876542'],
      ['EQUIPMENT', 'LOAD', 'ACT', 'CNSHA', -12.5, 'MSCU1234566'], ['EQUIPMENT', 'LOAD', 'ACT', 'CNSHA', -12.5, 'TGHU9876542'],
      ['TRANSPORT', 'DEPA', 'ACT', 'CNSHA', -12],
      ['TRANSPORT', 'ARRI', 'EST', 'GBFXT', 22, undefined, -1],
    ],
    actuals: [1.03, 1],
  });

  // 3. Hydraulic parts Rotterdam → Hamburg by road: delivered, operations signed off, booking completed.
  const hanseatic = await run('hanseatic_road', {
    shipper: ROTTERDAM_SUPPLIER, consignee: HANSEATIC, pol: 'NLRTM', pod: 'DEHAM',
    legs: [{ mode: 'road', from: 'NLRTM', to: 'DEHAM', carrier: 'Van der Berg Transport', vessel: 'NL 94-BXR-3', voyage: null, flight: null, etd: at(-12, 7), eta: at(-11, 15) }],
  }, 15, {
    goods: '10 pallets of hydraulic cylinders, HS 8412.21',
    events: [['TRANSPORT', 'DEPA', 'ACT', 'NLRTM', -12], ['TRANSPORT', 'ARRI', 'ACT', 'DEHAM', -11]],
    status: 'delivered', actuals: [0.98, 1],
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`update shipments set signoff_status = 'operations_signed' where organisation_id = ${orgId} and id = ${hanseatic}`);
    await tx.execute(sql`update bookings set status = 'completed', updated_at = now() where organisation_id = ${orgId} and id = ${booked.hanseatic_road}`);
  });

  // 4. Electronics Hong Kong → Heathrow by air: arrived yesterday.
  const tve = await run('tve_air', {
    shipper: HK_SUPPLIER, consignee: TVE, pol: 'HKHKG', pod: 'GBLHR',
    legs: [{ mode: 'air', from: 'HKHKG', to: 'GBLHR', carrier: 'Cathay Cargo', vessel: null, voyage: null, flight: 'CX255', etd: at(-2, 1), eta: at(-1, 6) }],
  }, 7, {
    goods: '2 pallets of printed circuit boards, HS 8534.00', flight: 'CX255',
    events: [['SHIPMENT', 'RECE', 'ACT', 'HKHKG', -3], ['TRANSPORT', 'DEPA', 'ACT', 'HKHKG', -2], ['TRANSPORT', 'ARRI', 'ACT', 'GBLHR', -1]],
  });

  // 5. A booking still to confirm, one rejected and one cancelled.
  await db.transaction(async (tx) => {
    await complete(tx, orgId, booked.harrogate_received, {
      shipper: NINGBO_SUPPLIER, consignee: HARROGATE, pol: 'CNNGB', pod: 'GBSOU',
      legs: [{ mode: 'sea', from: 'CNNGB', to: 'GBSOU', carrier: 'CMA CGM', vessel: 'CMA CGM Jacques Saade', voyage: '0FLE3W1MA', flight: null, etd: at(9, 14), eta: at(40, 6) }],
      cutOffs: [{ kind: 'documentation', at: at(6, 12) }, { kind: 'vgm', at: at(7, 12) }],
    });
    await complete(tx, orgId, booked.pennine_lcl, { shipper: SHEKOU_SUPPLIER, consignee: PENNINE, pol: 'CNSHK', pod: 'GBFXT', legs: [] });
    await tx.execute(sql`update bookings set status = 'rejected', reason = 'No space on the 48W consolidation; the next box closes on 3 December: requote.', updated_at = now() where organisation_id = ${orgId} and id = ${booked.pennine_lcl}`);
    await tx.execute(sql`update bookings set status = 'cancelled', reason = 'Order moved to January by the client.', updated_at = now() where organisation_id = ${orgId} and id = ${booked.hanseatic_ltl}`);
  });

  // 6. A job opened without a quotation: lighting from Yantian, sailing in three days, the HBL not issued before tomorrow's cut-off.
  const direct = await db.transaction(async (tx) => {
    const id = uuidv7();
    const refs = await shipmentNumbers(tx, orgId, 'sea_lcl');
    const created = new Date(Date.now() - 4 * DAY);
    await tx.insert(shipments).values({
      organisation_id: orgId, id, ...refs, mode: 'sea_lcl', client_name: 'Harrogate Home & Garden Ltd', shipper: BRIGHTSTAR, consignee: HARROGATE, notify_party: HARROGATE,
      origin: 'CNYTN', destination: 'GBFXT', incoterm: 'FOB', carrier: 'Evergreen Line', vessel: 'Ever Ace', voyage: '1412-043W',
      legs: [{ mode: 'sea', from: 'CNYTN', to: 'GBFXT', carrier: 'Evergreen Line', vessel: 'Ever Ace', voyage: '1412-043W', flight: null, etd: at(3, 14), eta: at(33, 6) }],
      cut_offs: [{ kind: 'documentation', at: inHours(20) }, { kind: 'customs', at: inHours(40) }],
      packages: [{ packages: 48, length_cm: '60', width_cm: '40', height_cm: '45', weight_kg: '18' }], goods_description: '48 cartons of LED garden lights, HS 9405.42',
      etd: new Date(at(3, 14)), eta: new Date(at(33, 6)), eta_planned: new Date(at(33, 6)), currency: 'GBP', free_days: 5,
      charges: [
        { charge_code_id: null, description: 'Ocean freight LCL (W/M)', quoted_sell_minor: 9800, quoted_buy_minor: 6900, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' },
        { charge_code_id: null, description: 'Destination CFS and delivery', quoted_sell_minor: 24500, quoted_buy_minor: 18200, actual_sell_minor: null, actual_buy_minor: null, payment: 'collect' },
      ],
      followers: [sofia, owner], owner_user_id: sofia, created_by: sofia, created_at: created, updated_at: created,
    });
    await attachTasks(tx, orgId, { shipment_id: id }, 'sea_lcl', { created: created.toISOString(), etd: at(3, 14), eta: at(33, 6) });
    await tx.execute(sql`update tasks set assignee_user_id = ${sofia} where organisation_id = ${orgId} and shipment_id = ${id}`);
    return id;
  });

  // Templates: Northwind's own terms on its bills of lading and arrival notices.
  for (const [type, terms] of [
    ['hbl', 'Received in apparent good order and condition unless otherwise stated. All business is transacted under the BIFA Standard Trading Conditions 2021 edition, copies available on request. Northwind Forwarding Ltd acts as carrier for this house bill of lading.'],
    ['arrival_notice', 'Free time counts from discharge of the container. Demurrage and detention are charged at the carrier’s tariff thereafter. Collect charges are payable before release.'],
  ] as const) {
    await db.execute(sql`insert into document_templates (organisation_id, id, type, language, accent_colour, terms) values (${orgId}, ${uuidv7()}, ${type}, 'en', '#1F5F8B', ${terms})`);
  }

  // Documents: what the desk has issued so far.
  const issue = (shipmentId: string, type: Parameters<typeof generateDocument>[4]['type'], language: 'en' | 'de' | 'zh' = 'en', withoutOrigin = false) =>
    generateDocument(ctx, orgId, shipmentId, sofia, { type, without_origin: withoutOrigin, language });
  await issue(harrogate, 'booking_confirmation');
  await issue(harrogate, 'hbl');
  await issue(harrogate, 'collection_origin', 'zh');
  await issue(pennine, 'hbl');
  await issue(pennine, 'arrival_notice');
  await issue(pennine, 'arrival_notice', 'en', true);
  await issue(tve, 'hawb');
  await issue(tve, 'arrival_notice');
  await issue(hanseatic, 'collection_origin', 'de');
  await issue(hanseatic, 'collection_destination', 'de');
  await issue(direct, 'booking_confirmation');
  await issue(harrogate, 'quotation');
  // Issued the day after each shipment opened (the demo writes them all now).
  await db.execute(sql`update documents d set created_at = least(s.created_at + interval '1 day', now()) from shipments s
    where d.organisation_id = ${orgId} and s.organisation_id = d.organisation_id and s.id = d.shipment_id`);
  // The booking waiting for confirmation is Olivia's to check.
  await db.execute(sql`update tasks set assignee_user_id = ${owner}, status = 'todo' where organisation_id = ${orgId} and booking_id = ${booked.harrogate_received}`);
  await db.execute(sql`update tasks set assignee_user_id = ${owner} where organisation_id = ${orgId} and shipment_id = ${harrogate} and title like 'Check costs%'`);

  // Evergreen moved the Ever Ace's arrival two days after the booking confirmation went out: the desk
  // changed the ETA, its tasks moved, and the confirmation is now printed from older data.
  await db.transaction(async (tx) => {
    const s = (await loadShipment(tx, orgId, direct, true))!;
    await editShipment(tx, s, sofia, { eta: at(35, 6) });
  });
  await seedDemoTasks(db, orgId, ids, { harrogate, pennine, tve, direct, received: booked.harrogate_received });

  // The client's tracking link for the delayed shipment, and the exceptions the scan finds now.
  await db.update(shipments).set({ tracking_shows: { events: true, containers: true, parties: false, references: true } }).where(sql`organisation_id = ${orgId} and id = ${harrogate}`);
  await scanExceptions(db, new Date(), orgId);
  const [slip] = await rowsOf<{ id: string }>(db, sql`select id from shipment_exceptions where organisation_id = ${orgId} and shipment_id = ${harrogate} and kind = 'eta_slip'`);
  if (slip) {
    await db.execute(sql`update shipment_exceptions set assignee_user_id = ${sofia} where organisation_id = ${orgId} and id = ${slip.id}`);
    await db.execute(sql`insert into exception_comments (organisation_id, id, exception_id, user_id, body) values (${orgId}, ${uuidv7()}, ${slip.id}, ${sofia}, 'COSCO says the Aries lost her berth window at Rotterdam; Emily at Harrogate knows, delivery moved to next Thursday.')`);
  }
}

/** A day some days from today (UTC), as tasks are due. */
const dayFrom = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * Tasks written by hand across Northwind's desks, besides the checklists' (/task-assignment): each
 * department with open, overdue and done work, some due this week, some about a shipment, a booking
 * or a client, one nobody has taken yet; those given by a colleague were told to their assignee.
 */
async function seedDemoTasks(db: Db, orgId: string, ids: Record<string, string>, on: { harrogate: string; pennine: string; tve: string; direct: string; received: string }) {
  const [owner, arjun, sofia, tom, daan, li] = ['owner', 'admin', 'ocean', 'customs', 'rotterdam', 'shanghai'].map((who) => ids[`${who}@demo.fyn.local`]);
  const partners = Object.fromEntries((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from partners where organisation_id = ${orgId}`)).map((p) => [p.name, p.id]));
  type Written = { title: string; description?: string; status: 'todo' | 'in_progress' | 'done'; priority: 'low' | 'normal' | 'high' | 'urgent'; due: number | null; to: string | null; by?: string; shipment?: string; booking?: string; client?: string; doneDaysAgo?: number };
  const written: Written[] = [
    { title: 'Send Emily at Harrogate the new delivery window', description: 'COSCO’s latest ETA; she books the warehouse slot the day after discharge.', status: 'todo', priority: 'high', due: 0, to: sofia, by: arjun, shipment: on.harrogate },
    { title: 'Lodge the import declaration (CDS) for the circuit boards', description: 'Commodity code 8534.00 11; TVE’s deferment account.', status: 'todo', priority: 'urgent', due: -1, to: tom, by: sofia, shipment: on.tve },
    { title: 'Check the commodity codes on the Pennine jackets', status: 'done', priority: 'normal', due: -9, to: tom, shipment: on.pennine, doneDaysAgo: 8 },
    { title: 'Book the haulier to collect the Pennine container before demurrage', description: 'Free time ends tomorrow; Suffolk Haulage has a slot at 07:00.', status: 'in_progress', priority: 'urgent', due: 0, to: daan, by: arjun, shipment: on.pennine },
    { title: 'Confirm the Brightstar cargo-ready date with the factory', status: 'in_progress', priority: 'high', due: 1, to: li, by: sofia, shipment: on.direct },
    { title: 'Ask the carrier for space on the CMA CGM Jacques Saade', status: 'todo', priority: 'normal', due: 3, to: sofia, booking: on.received },
    { title: 'Send Acme the revised door-to-door rates for Q1', status: 'todo', priority: 'normal', due: 4, to: sofia, by: owner, client: partners['Acme Homewares Ltd'] },
    { title: 'Chase Brewster Garden Supplies for the overdue invoice', status: 'todo', priority: 'high', due: -3, to: tom, client: partners['Brewster Garden Supplies'] },
    { title: 'Agree the Rotterdam agent’s December tariff', status: 'done', priority: 'normal', due: -2, to: daan, client: partners['Rotterdam Maritime Agency B.V.'], doneDaysAgo: 2 },
    { title: 'Approve the November carrier invoices', status: 'todo', priority: 'normal', due: 5, to: arjun },
    { title: 'Renew Suffolk Haulage’s goods-in-transit insurance certificate', description: 'Their certificate runs out at the end of the month.', status: 'todo', priority: 'low', due: 10, to: null, client: partners['Suffolk Haulage Ltd'] },
    { title: 'Train Li Na on the air export checklist', status: 'done', priority: 'low', due: -6, to: arjun, doneDaysAgo: 5 },
  ];
  await db.transaction(async (tx) => {
    for (const w of written) {
      const id = uuidv7();
      const done = w.doneDaysAgo === undefined ? new Date() : new Date(Date.now() - w.doneDaysAgo * DAY);
      await tx.insert(tasksTable).values({
        organisation_id: orgId, id, title: w.title, description: w.description ?? null, status: w.status, priority: w.priority, due_on: w.due === null ? null : dayFrom(w.due),
        assignee_user_id: w.to, shipment_id: w.shipment ?? null, booking_id: w.booking ?? null, partner_id: w.client ?? null, updated_at: done,
      });
      if (w.to && w.by && w.status !== 'done') await notify(tx, { userId: w.to, organisationId: orgId, actorId: w.by, type: 'task_assigned', subject: { type: 'task', id }, data: { title: w.title } });
    }
  });
}
