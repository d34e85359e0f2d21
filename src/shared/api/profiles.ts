import { z } from 'zod';
import { searchLinkSchema } from './search.ts';

/** Who may read a contact detail: anyone logged in, connected people, colleagues, or nobody but oneself. */
export const DETAIL_VISIBILITIES = ['public', 'connections', 'organisation', 'private'] as const;
export type DetailVisibility = (typeof DETAIL_VISIBILITIES)[number];

/** At most this many entries in each list of a profile (experience, education, hobbies, interests, languages). */
export const PROFILE_LIST_MAX = 20;
/** Cover picture upload limit (the avatar's types: PNG, JPEG, WebP). */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What a person may say they care about, each with the name of an @ant-design/icons outlined icon
 * (labels in the web's texts, `profile.interests.<code>`): freight first, then the human side.
 */
export const INTERESTS = [
  { code: 'sea_freight', icon: 'CompassOutlined' },
  { code: 'air_cargo', icon: 'SendOutlined' },
  { code: 'road_freight', icon: 'CarOutlined' },
  { code: 'rail_freight', icon: 'NodeIndexOutlined' },
  { code: 'customs', icon: 'AuditOutlined' },
  { code: 'warehousing', icon: 'InboxOutlined' },
  { code: 'project_cargo', icon: 'BuildOutlined' },
  { code: 'dangerous_goods', icon: 'WarningOutlined' },
  { code: 'cold_chain', icon: 'CloudOutlined' },
  { code: 'e_commerce', icon: 'ShoppingCartOutlined' },
  { code: 'sustainability', icon: 'SyncOutlined' },
  { code: 'trade_finance', icon: 'BankOutlined' },
  { code: 'supply_chain', icon: 'ApartmentOutlined' },
  { code: 'logistics_technology', icon: 'CodeOutlined' },
  { code: 'automation', icon: 'RobotOutlined' },
  { code: 'data_analytics', icon: 'BarChartOutlined' },
  { code: 'procurement', icon: 'ShoppingOutlined' },
  { code: 'last_mile', icon: 'AimOutlined' },
  { code: 'containers', icon: 'ContainerOutlined' },
  { code: 'insurance', icon: 'SafetyOutlined' },
  { code: 'trade_compliance', icon: 'SafetyCertificateOutlined' },
  { code: 'pharma_logistics', icon: 'MedicineBoxOutlined' },
  { code: 'automotive', icon: 'ToolOutlined' },
  { code: 'groupage', icon: 'AppstoreOutlined' },
  { code: 'express_courier', icon: 'ThunderboltOutlined' },
  { code: 'trade_shows', icon: 'CalendarOutlined' },
  { code: 'commodities', icon: 'GoldOutlined' },
  { code: 'leadership', icon: 'CrownOutlined' },
  { code: 'mentoring', icon: 'TeamOutlined' },
  { code: 'sales', icon: 'RiseOutlined' },
  { code: 'sailing', icon: 'FlagOutlined' },
  { code: 'football', icon: 'TrophyOutlined' },
  { code: 'cooking', icon: 'CoffeeOutlined' },
  { code: 'photography', icon: 'CameraOutlined' },
  { code: 'travel', icon: 'GlobalOutlined' },
  { code: 'music', icon: 'SoundOutlined' },
  { code: 'reading', icon: 'BookOutlined' },
  { code: 'running', icon: 'FieldTimeOutlined' },
  { code: 'cycling', icon: 'DashboardOutlined' },
  { code: 'hiking', icon: 'EnvironmentOutlined' },
  { code: 'volunteering', icon: 'HeartOutlined' },
  { code: 'art', icon: 'BgColorsOutlined' },
  { code: 'film', icon: 'VideoCameraOutlined' },
  { code: 'languages', icon: 'TranslationOutlined' },
  { code: 'gardening', icon: 'SunOutlined' },
  { code: 'puzzles', icon: 'BulbOutlined' },
] as const;
export type InterestCode = (typeof INTERESTS)[number]['code'];
export type InterestIcon = (typeof INTERESTS)[number]['icon'];
export const INTEREST_CODES = INTERESTS.map((i) => i.code) as [InterestCode, ...InterestCode[]];

/** ISO 639-1 language codes (the browser names them with Intl.DisplayNames). */
export const LANGUAGE_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ' +
  'ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt ' +
  'lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm ' +
  'sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ') as [string, ...string[]];

const text = (max: number) => z.string().trim().max(max, 'text_too_long');
/** Optional text: null or "" clears it (the server stores null); absent leaves it as it is. */
const optionalText = (max: number) => text(max).nullish();
/** A month or a year: 2019-04, 2019. */
const period = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'date_invalid')
  .nullish()
  .transform((v) => v ?? null);
const phone = z.string().trim().regex(/^\+?[0-9][0-9 ()./-]{2,39}$/, 'phone_invalid');

export const profileEntrySchema = z.object({
  title: z.string(),
  place: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  description: z.string().nullable(),
});
export type ProfileEntry = z.infer<typeof profileEntrySchema>;

export const profileEntryInput = z
  .object({
    title: text(120).min(1, 'required'),
    place: text(120).default(''),
    from: period,
    to: period,
    description: optionalText(1000).transform((v) => v || null),
  })
  .refine((e) => !e.from || !e.to || e.to.slice(0, 4) > e.from.slice(0, 4) || e.to >= e.from, { message: 'period_order', path: ['to'] });

export const emergencySchema = z.object({ name: z.string(), relationship: z.string(), phone: z.string(), notes: z.string().nullable() });
export type Emergency = z.infer<typeof emergencySchema>;

export const emergencyInput = z.object({
  name: text(120).min(1, 'required'),
  relationship: text(60).default(''),
  phone,
  notes: optionalText(500).transform((v) => v || null),
});

const list = <T extends z.ZodType>(item: T) => z.array(item).max(PROFILE_LIST_MAX, 'list_too_long');

/** PATCH /api/profile: only the fields sent change; null or "" clears a text. */
export const updateProfileBody = z.object({
  headline: optionalText(160),
  bio: optionalText(2000),
  /** A UN/LOCODE that exists (checked by the server: 422 fields.location otherwise). */
  location: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'location_code')
    .nullish(),
  job_title: optionalText(120),
  phone: phone.nullish().or(z.literal('')),
  experience: list(profileEntryInput).optional(),
  education: list(profileEntryInput).optional(),
  hobbies: list(text(60).min(1, 'required')).optional(),
  interests: list(z.enum(INTEREST_CODES, 'reference_invalid')).optional(),
  languages: list(z.enum(LANGUAGE_CODES, 'reference_invalid')).optional(),
  emergency: emergencyInput.nullish(),
  email_visibility: z.enum(DETAIL_VISIBILITIES).optional(),
  phone_visibility: z.enum(DETAIL_VISIBILITIES).optional(),
  listed: z.boolean().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const profileSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  /** Where the person works: the UN/LOCODE with its place name. */
  location: z.object({ code: z.string(), name: z.string(), country: z.string() }).nullable(),
  organisation: z.object({ id: z.string(), name: z.string(), logo_url: z.string().nullable() }).nullable(),
  /** The person's role in their organisation. */
  role: z.string().nullable(),
  job_title: z.string().nullable(),
  experience: z.array(profileEntrySchema),
  education: z.array(profileEntrySchema),
  hobbies: z.array(z.string()),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  /** Null when the person's choice does not show it to the caller. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** How the caller (as a person) stands with the profile's person; null for none (and for oneself). */
  connection: searchLinkSchema,
  is_self: z.boolean(),
  /** The person's own choices: only on their own profile. */
  settings: z.object({ email_visibility: z.enum(DETAIL_VISIBILITIES), phone_visibility: z.enum(DETAIL_VISIBILITIES), listed: z.boolean() }).optional(),
  /** Only for the person and their organisation's HR (`hr.view`); absent for everyone else. */
  emergency: emergencySchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const organisationProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  types: z.array(z.string()),
  website: z.string().nullable(),
  location: z.object({ code: z.string(), name: z.string() }).nullable(),
  addresses: z.array(
    z.object({ label: z.string(), location_type: z.string(), line1: z.string(), line2: z.string().nullable(), town: z.string(), postcode: z.string().nullable(), country: z.string(), location_code: z.string().nullable() }),
  ),
  certifications: z.array(z.object({ name: z.string(), issuer: z.string(), valid_until: z.string().nullable() })),
  networks: z.array(z.object({ name: z.string(), kind: z.string(), member_since: z.string().nullable(), website: z.string().nullable() })),
  /** How the caller (as a person) stands with the organisation; null for none or for one's own. */
  connection: searchLinkSchema,
  is_own: z.boolean(),
  /** Staff who chose to be listed (profiles.listed). */
  people: z.array(z.object({ id: z.string(), name: z.string(), avatar_url: z.string().nullable(), job_title: z.string().nullable(), headline: z.string().nullable() })),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;
