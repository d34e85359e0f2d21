import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { profiles, users, type DetailVisibility, type EmergencyDetails, type ProfileEntry } from '../../db/schema/index.ts';

type DemoProfile = {
  headline: string;
  bio: string;
  location: string;
  job_title: string;
  phone?: string;
  experience: ProfileEntry[];
  education: ProfileEntry[];
  hobbies: string[];
  interests: string[];
  languages: string[];
  emergency?: EmergencyDetails;
  email_visibility?: DetailVisibility;
  phone_visibility?: DetailVisibility;
  listed?: boolean;
};

const job = (title: string, place: string, from: string, to: string | null, description: string | null = null): ProfileEntry => ({ title, place, from, to, description });

/** The demo people's profiles, by e-mail: Northwind's staff and the partners abroad. */
const PROFILES: Record<string, DemoProfile> = {
  'owner@demo.fyn.local': {
    headline: 'Managing director, Northwind Forwarding — UK–Far East ocean freight and customs',
    bio: 'I run Northwind out of Felixstowe: FCL and LCL from China and South-East Asia, customs clearance under our AEO authorisation, and a bonded warehouse in Ipswich. Always glad to meet agents who care about their customers as much as we do.',
    location: 'GBFXT',
    job_title: 'Managing director',
    phone: '+44 1394 555 0101',
    experience: [
      job('Managing director', 'Northwind Forwarding Ltd, Felixstowe', '2018-09', null, 'Grew the company from 6 to 24 people; AEO Full in 2024.'),
      job('Ocean export manager', 'Harbour Line Agencies, Felixstowe', '2011-03', '2018-08', 'Far East and Indian subcontinent lanes, 4,000 TEU a year.'),
      job('Customs entry clerk', 'Suffolk Clearing Ltd, Ipswich', '2007-06', '2011-02'),
    ],
    education: [
      job('BSc Logistics and Supply Chain Management', 'Aston University', '2004', '2007'),
      job('BIFA Advanced Certificate in International Trade', 'British International Freight Association', '2009', '2009'),
    ],
    hobbies: ['Dinghy sailing on the Orwell', 'Sourdough baking', 'Park runs'],
    interests: ['sea_freight', 'customs', 'trade_compliance', 'groupage', 'sustainability', 'sailing', 'cooking', 'travel'],
    languages: ['en', 'fr'],
    emergency: { name: 'James Owner', relationship: 'Husband', phone: '+44 7700 900 321', notes: 'Works in Ipswich; reachable at any time.' },
    email_visibility: 'connections',
    phone_visibility: 'organisation',
    listed: true,
  },
  'admin@demo.fyn.local': {
    headline: 'Operations manager — bookings, hauliers and the daily Felixstowe run',
    bio: 'Keeping boxes moving between quay, warehouse and customer since 2012.',
    location: 'GBFXT',
    job_title: 'Operations manager',
    experience: [job('Operations manager', 'Northwind Forwarding Ltd', '2019-01', null), job('Transport planner', 'Suffolk Haulage Ltd', '2012-05', '2018-12')],
    education: [job('Diploma in Logistics', 'CILT UK', '2014', '2015')],
    hobbies: ['Cricket', 'Cooking for friends'],
    interests: ['road_freight', 'warehousing', 'logistics_technology', 'automation', 'cooking'],
    languages: ['en', 'hi', 'pa'],
    listed: true,
  },
  'ocean@demo.fyn.local': {
    headline: 'Ocean export coordinator — FCL and LCL to Spain, Italy and Latin America',
    bio: 'Bookings, VGMs and bills of lading; I speak to shipping lines so that our customers do not have to.',
    location: 'GBFXT',
    job_title: 'Ocean export coordinator',
    experience: [job('Ocean export coordinator', 'Northwind Forwarding Ltd', '2021-02', null)],
    education: [job('BA International Business', 'University of Valencia', '2015', '2019')],
    hobbies: ['Salsa', 'Photography'],
    interests: ['sea_freight', 'containers', 'dangerous_goods', 'photography', 'music'],
    languages: ['es', 'en', 'it'],
    listed: true,
  },
  'customs@demo.fyn.local': {
    headline: 'Customs declarant — CDS imports and exports',
    bio: 'Classification, valuation and origin; happiest with a difficult tariff question.',
    location: 'GBIPS',
    job_title: 'Customs declarant',
    experience: [job('Customs declarant', 'Northwind Forwarding Ltd', '2020-06', null)],
    education: [],
    hobbies: ['Chess'],
    interests: ['customs', 'trade_compliance', 'puzzles'],
    languages: ['en'],
    listed: false,
  },
  'pieter@rma.demo.fyn.local': {
    headline: 'Managing director, Rotterdam Maritime Agency — your agent at Europe’s largest port',
    bio: 'Customs brokerage, transhipment and barge connections into the Rhine corridor. WCA member since 2015.',
    location: 'NLRTM',
    job_title: 'Managing director',
    experience: [job('Managing director', 'Rotterdam Maritime Agency B.V.', '2014-01', null), job('Terminal planner', 'ECT Delta, Rotterdam', '2006-09', '2013-12')],
    education: [job('MSc Maritime Economics and Logistics', 'Erasmus University Rotterdam', '2005', '2006')],
    hobbies: ['Cycling', 'Speed skating'],
    interests: ['sea_freight', 'customs', 'rail_freight', 'sustainability', 'cycling'],
    languages: ['nl', 'en', 'de'],
    listed: true,
  },
  'li.wei@sol.demo.fyn.local': {
    headline: 'Export sales manager, Shanghai Oriental Logistics — Yangshan to Northern Europe',
    bio: 'Weekly consolidations from Shanghai and Ningbo, and project cargo for machinery exporters.',
    location: 'CNSHA',
    job_title: 'Export sales manager',
    experience: [job('Export sales manager', 'Shanghai Oriental Logistics Co.', '2016-04', null)],
    education: [job('BEng Logistics Engineering', 'Shanghai Maritime University', '2008', '2012')],
    hobbies: ['Table tennis', 'Tea'],
    interests: ['sea_freight', 'project_cargo', 'e_commerce', 'trade_shows', 'travel'],
    languages: ['zh', 'en'],
    listed: true,
  },
  'katrin@hfl.demo.fyn.local': {
    headline: 'Head of feeder sales, Hamburg Feeder Lines — Baltic and UK feeders',
    bio: 'Weekly feeders Hamburg–Felixstowe and into the Baltic; reefer capacity on every sailing.',
    location: 'DEHAM',
    job_title: 'Head of feeder sales',
    experience: [job('Head of feeder sales', 'Hamburg Feeder Lines GmbH', '2017-08', null)],
    education: [job('Diplom-Kauffrau (Shipping)', 'Hamburg School of Business Administration', '2009', '2013')],
    hobbies: ['Sailing on the Alster', 'Hiking'],
    interests: ['sea_freight', 'cold_chain', 'sales', 'sailing', 'hiking'],
    languages: ['de', 'en', 'da'],
    listed: true,
  },
  'lucia@vfs.demo.fyn.local': {
    headline: 'Groupage and warehousing out of Valencia — UK–Spain weekly',
    bio: 'Our bonded warehouse sits inside the port of Valencia; weekly groupage to the UK and Ireland.',
    location: 'ESVLC',
    job_title: 'Commercial director',
    experience: [job('Commercial director', 'Valencia Freight Services S.L.', '2015-03', null)],
    education: [job('Grado en Administración de Empresas', 'Universitat de València', '2006', '2010')],
    hobbies: ['Paella for twenty', 'Running'],
    interests: ['groupage', 'warehousing', 'road_freight', 'cooking', 'running'],
    languages: ['es', 'ca', 'en', 'fr'],
    listed: true,
  },
  'priya.nair@demo.fyn.local': {
    headline: 'Customs trainer and CDS consultant',
    bio: 'I train declarants on the Customs Declaration Service and help forwarders prepare for AEO audits.',
    location: 'GBIPS',
    job_title: 'Independent customs consultant',
    experience: [job('Customs consultant', 'Self-employed', '2019-01', null), job('Customs officer', 'HM Revenue & Customs', '2008-09', '2018-12')],
    education: [job('LLB Law', 'University of Leicester', '2004', '2007')],
    hobbies: ['Reading', 'Bharatanatyam'],
    interests: ['customs', 'trade_compliance', 'mentoring', 'reading'],
    languages: ['en', 'ml', 'hi'],
  },
  'ahmed@gbl.demo.fyn.local': {
    headline: 'Project cargo and NVOCC, Gulf Bridge Logistics — Jebel Ali',
    bio: 'Breakbulk and out-of-gauge into the GCC, with our own NVOCC service to East Africa.',
    location: 'AEJEA',
    job_title: 'General manager',
    experience: [job('General manager', 'Gulf Bridge Logistics LLC', '2016-01', null)],
    education: [job('BSc Industrial Engineering', 'American University of Sharjah', '2004', '2008')],
    hobbies: ['Falconry', 'Football'],
    interests: ['project_cargo', 'dangerous_goods', 'commodities', 'football'],
    languages: ['ar', 'en', 'ur'],
    listed: true,
  },
  'sven.larsen@demo.fyn.local': {
    headline: 'Chartering broker — handysize and project vessels',
    bio: 'Fixing vessels for project and bulk cargo between Scandinavia, the UK and the Mediterranean.',
    location: 'DKAAR',
    job_title: 'Chartering broker',
    experience: [job('Chartering broker', 'Self-employed', '2020-05', null)],
    education: [job('Shipping and Trade', 'Copenhagen Business Academy', '2010', '2012')],
    hobbies: ['Sailing', 'Smørrebrød'],
    interests: ['project_cargo', 'commodities', 'sailing'],
    languages: ['da', 'en', 'no'],
  },
};

/** Gives the demo people their profiles (embedded mode only); a profile already there stays as it is. */
export async function seedDemoProfiles(ctx: AppContext) {
  const db = ctx.database.db;
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.keys(PROFILES)));
  for (const person of people) {
    const p = PROFILES[person.email];
    await db
      .insert(profiles)
      .values({ user_id: person.id, ...p, phone: p.phone ?? null, emergency: p.emergency ?? null })
      .onConflictDoNothing();
  }
}
