import { inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { PostKind, PostVisibility } from '#shared/api/post-rules.ts';
import type { AppContext } from '../../context.ts';
import { postComments, postLikes, posts, users } from '../../db/schema/index.ts';

type Who = 'olivia' | 'arjun' | 'sofia' | 'tom' | 'pieter' | 'li' | 'katrin' | 'lucia' | 'ahmed' | 'priya' | 'sven';
const EMAILS: Record<Who, string> = {
  olivia: 'owner@demo.fyn.local', arjun: 'admin@demo.fyn.local', sofia: 'ocean@demo.fyn.local', tom: 'customs@demo.fyn.local',
  pieter: 'pieter@rma.demo.fyn.local', li: 'li.wei@sol.demo.fyn.local', katrin: 'katrin@hfl.demo.fyn.local', lucia: 'lucia@vfs.demo.fyn.local',
  ahmed: 'ahmed@gbl.demo.fyn.local', priya: 'priya.nair@demo.fyn.local', sven: 'sven.larsen@demo.fyn.local',
};

type DemoPost = {
  by: Who; asOrg?: boolean; kind?: PostKind; visibility?: PostVisibility; hoursAgo: number; body: string;
  comments?: [Who, string][]; likes?: Who[];
};

/** Mention token of a demo person (as the composer writes it). */
const at = (name: string, id: string) => `@[${name}](user:${id})`;

/**
 * The demo feed (embedded mode only): a month of posts by Northwind's staff and its partners — rate
 * updates, space on sailings, service ads, trade show notes, a welcome — with comments and likes, some
 * for connections or the organisation only, so that Olivia's dashboard shows a lively feed.
 */
export async function seedDemoFeed(ctx: AppContext) {
  const db = ctx.database.db;
  const found = await db.select({ id: users.id, email: users.email, name: users.name, org: users.organisationId }).from(users).where(inArray(users.email, Object.values(EMAILS)));
  const person = Object.fromEntries(
    (Object.keys(EMAILS) as Who[]).map((w) => [w, found.find((f) => f.email === EMAILS[w])]).filter(([, f]) => f),
  ) as Record<Who, (typeof found)[number]>;
  if (!person.olivia || !person.pieter) return;

  const feed: DemoPost[] = [
    { by: 'olivia', asOrg: true, hoursAgo: 27 * 24, body: 'Welcome to Northwind Forwarding on FYN! 👋 We move FCL, LCL and airfreight out of Felixstowe and Southampton, with our own customs brokerage. Follow us for rate updates, space on sailings and news from the quay.', likes: ['pieter', 'li', 'katrin', 'arjun', 'sofia'], comments: [['pieter', 'Good to have you here, Olivia — see you on the Rotterdam lane.'], ['li', 'Welcome! Looking forward to more Shanghai–Felixstowe business together.']] },
    { by: 'katrin', asOrg: true, kind: 'service_ad', hoursAgo: 25 * 24, body: 'Hamburg Feeder Lines: weekly feeder Hamburg – Felixstowe – Rotterdam, Thursday cut-off, 3 days transit. Reefer plugs available. Schedules: https://hamburg-feeder.example/schedule', likes: ['sofia', 'olivia'], comments: [['sofia', 'Do you take 45\' high cubes on that rotation?'], ['katrin', 'Yes, up to 40 per sailing. Send me your forecast.']] },
    { by: 'li', hoursAgo: 23 * 24, body: 'Back from Intermodal Asia. Key takeaways: blank sailings continue into December, shippers are front-loading ahead of Chinese New Year, and rail via the Middle Corridor is getting serious attention.', likes: ['olivia', 'ahmed', 'pieter'], comments: [['olivia', 'Thanks for the summary, Li — the CNY rush is already showing in our bookings.']] },
    { by: 'arjun', visibility: 'organisation', hoursAgo: 21 * 24, body: `Team: Q4 rate review with our Rotterdam agent is booked for next Wednesday. ${at('Sofia Ocean', '{sofia}')} please bring the November volumes.`, likes: ['sofia', 'olivia'] },
    { by: 'pieter', visibility: 'connections', hoursAgo: 20 * 24, body: 'For my connections first: we have a new bonded warehouse in the Waalhaven, 4,000 pallet places, customs on site. Happy to quote storage and onward distribution.', likes: ['olivia'], comments: [['olivia', 'Very interesting for our Benelux groupage — I will call you this week.']] },
    { by: 'olivia', asOrg: true, kind: 'trade_ad', hoursAgo: 18 * 24, body: 'Space available: 6 × 40\'HC Felixstowe → Shanghai, vessel closing 12 December. Competitive all-in rates for FAK cargo. Contact our ocean desk.', likes: ['li', 'katrin'], comments: [['li', 'We can handle destination clearance and delivery in Shanghai.']] },
    { by: 'ahmed', hoursAgo: 17 * 24, body: 'Jebel Ali update: the new gate system cuts truck turnaround to under 40 minutes on average. Good news for anyone routing Gulf cargo via Dubai.', likes: ['li', 'pieter'] },
    { by: 'tom', visibility: 'organisation', hoursAgo: 16 * 24, body: 'Reminder: from 1 December all our CDS import declarations need the new commodity code checklist attached. Template is on the shared drive.', likes: ['arjun', 'olivia'] },
    { by: 'lucia', asOrg: true, kind: 'service_ad', hoursAgo: 15 * 24, body: 'Valencia Freight Services: weekly groupage UK ⇄ Spain, 48 h to Madrid, 72 h to Valencia. Bonded and temperature-controlled warehousing at the port.', likes: ['olivia'] },
    { by: 'sofia', hoursAgo: 14 * 24, body: 'First week in the ocean export team done ⚓ Thank you to everyone who helped me find my way around the Felixstowe terminals!', likes: ['olivia', 'arjun', 'tom', 'pieter'], comments: [['olivia', 'Great first week, Sofia — welcome aboard!'], ['tom', 'Welcome! Coffee is on the customs desk.']] },
    { by: 'katrin', hoursAgo: 13 * 24, body: 'Winter storm season on the North Sea: expect occasional delays of 12–24 h on feeder rotations. We post updates here as soon as we know.', likes: ['sofia'] },
    { by: 'priya', hoursAgo: 12 * 24, body: 'Slides from my CDS session in Ipswich are online: https://priya-nair.example/cds-2026 — thanks to everyone who came along with questions.', likes: ['tom', 'olivia'], comments: [['tom', 'Very useful session, thank you!']] },
    { by: 'olivia', hoursAgo: 11 * 24, body: `Great lunch with ${at('Pieter de Vries', '{pieter}')} in Rotterdam today — ten years of working together on the North Sea lane and still growing. Here's to the next ten!`, likes: ['pieter', 'arjun', 'li'], comments: [['pieter', 'Thank you Olivia — next time lunch is in Felixstowe!']] },
    { by: 'li', visibility: 'connections', hoursAgo: 10 * 24, body: 'Connections only: we have allocation on two extra sailings Shanghai → Felixstowe before Christmas. Message me if you have cargo waiting.', likes: ['olivia'], comments: [['sofia', 'We have 3 × 40\' for Acme Homewares — I will send you the details.']] },
    { by: 'sven', hoursAgo: 9 * 24, body: 'Looking for a reliable forwarder for regular LCL from Gothenburg to the UK Midlands. Recommendations welcome.', comments: [['pieter', 'Northwind Forwarding handles this well, talk to Olivia.']] },
    { by: 'pieter', asOrg: true, visibility: 'connections', hoursAgo: 8 * 24, body: 'Rotterdam Maritime Agency rate update for partners: terminal handling at ECT goes up 3 % from 1 January. Our agency fees stay unchanged.', likes: ['arjun'] },
    { by: 'arjun', hoursAgo: 7 * 24, body: 'Hiring: Northwind is looking for an air freight coordinator in Felixstowe. Experience with LHR consolidations a plus. Get in touch!', likes: ['olivia', 'sofia', 'tom'] },
    { by: 'ahmed', kind: 'service_ad', asOrg: true, hoursAgo: 6 * 24, body: 'Gulf Bridge Logistics: sea-air via Dubai to East Africa and the GCC, 10 days door to door from Europe. Ask for our winter tariff.' },
    { by: 'katrin', asOrg: true, visibility: 'connections', hoursAgo: 5 * 24, body: 'Partners: our January schedule is out, with an additional Friday sailing from Hamburg during week 2 and 3.', likes: ['sofia', 'olivia'] },
    { by: 'sofia', visibility: 'organisation', hoursAgo: 4 * 24, body: 'Acme Homewares booking NW-2611: commercial invoices still missing. I am chasing them today, please do not release the haulier yet.', likes: ['tom'] },
    { by: 'li', hoursAgo: 3 * 24, body: 'Shanghai port congestion is easing: average berth waiting time down to 1.5 days this week.', likes: ['ahmed', 'olivia'] },
    { by: 'olivia', asOrg: true, kind: 'trade_ad', hoursAgo: 2 * 24, body: 'Groupage to Valencia every Tuesday from our Ipswich warehouse — space for 12 pallets this week. Call our road desk.', likes: ['lucia'], comments: [['lucia', 'We will take care of the delivery in Spain as always.']] },
    { by: 'pieter', hoursAgo: 30, body: `${at('Olivia Owner', '{olivia}')} thanks for the introduction to Gulf Bridge — we have our first joint shipment to Jebel Ali on the water!`, likes: ['olivia', 'ahmed'], comments: [['ahmed', 'Thank you both, more to come!']] },
    { by: 'tom', hoursAgo: 20, body: 'AEO self-assessment questionnaire: half done, and much quicker with last year\'s answers to hand. Tip for other brokers: start early.', likes: ['olivia'] },
    { by: 'olivia', hoursAgo: 5, body: 'Which trade shows are you going to next year? We are planning Multimodal in Birmingham and Transport Logistic in Munich — happy to meet partners there.', likes: ['katrin', 'pieter'], comments: [['katrin', 'Transport Logistic for sure, let us meet at our stand.'], ['li', 'Multimodal — see you in Birmingham!']] },
  ];

  const idsByName = (text: string) => text.replace(/\{(\w+)\}/g, (_, w: Who) => person[w]?.id ?? '');
  const hour = 3_600_000;
  for (const p of feed) {
    const author = person[p.by];
    if (!author) continue;
    const created = new Date(Date.now() - p.hoursAgo * hour);
    const id = uuidv7({ msecs: created.getTime() });
    const likes = (p.likes ?? []).filter((w) => person[w] && w !== p.by);
    const comments = (p.comments ?? []).filter(([w]) => person[w]);
    await db.insert(posts).values({
      id, author_id: author.id, organisation_id: p.asOrg ? author.org : null, audience_organisation_id: author.org, kind: p.kind ?? 'post', visibility: p.visibility ?? 'public',
      body: idsByName(p.body), images: [], like_count: likes.length, comment_count: comments.length, created_at: created, updated_at: created,
    });
    if (likes.length) await db.insert(postLikes).values(likes.map((w, i) => ({ post_id: id, user_id: person[w].id, created_at: new Date(created.getTime() + (i + 1) * 17 * 60_000) })));
    for (const [i, [w, body]] of comments.entries()) {
      const when = new Date(created.getTime() + (i + 1) * 43 * 60_000);
      await db.insert(postComments).values({ id: uuidv7({ msecs: when.getTime() }), post_id: id, author_id: person[w].id, body, created_at: when });
    }
  }
}
