import { DOCUMENT_TYPES } from '#shared/operations/model.ts';

type Post = (path: string, body: unknown) => Promise<{ data: { data: { id: string } } }>;
export type Refs = Record<string, string>;

/**
 * Valid and invalid bodies per resource, for the generic suite (test code only). `prepare`
 * creates what a record refers to in the caller's organisation; `me` is the caller's user id.
 */
export const RESOURCE_FIXTURES: Record<string, {
  prepare?: (post: Post, me: string) => Promise<Refs>;
  valid: (i: number, refs: Refs) => Record<string, unknown>;
  change: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidFields: string[];
}> = {
  addresses: {
    valid: (i) => ({ label: `Felixstowe warehouse ${i}`, location_type: 'warehouse', line1: `${i} Dock Road`, town: 'Felixstowe', county: 'Suffolk', subdivision: 'SFK', postcode: 'IP11 3SW', country: 'gb', location_code: 'GBFXT' }),
    change: { is_primary: true },
    invalid: { label: '', location_type: 'castle', line1: 'x', town: 'y', country: 'GBR', location_code: 'X' },
    invalidFields: ['country', 'label', 'location_code', 'location_type'],
  },
  'organisation-currencies': {
    valid: (i) => ({ currency: ['GBP', 'EUR', 'USD', 'CNY', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'TRY', 'INR', 'SGD', 'HKD', 'AUD'][i % 18], notes: `desk ${i}` }),
    change: { is_base: true },
    invalid: { currency: 'ABC' },
    invalidFields: ['currency'],
  },
  'exchange-rates': {
    valid: (i) => ({ base: 'GBP', quote: 'EUR', rate: `1.${1150 + i}`, valid_from: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}` }),
    change: { rate: '1.2' },
    invalid: { base: 'GBP', quote: 'GBP', rate: '-1', valid_from: '21/11/2026' },
    invalidFields: ['quote', 'rate', 'valid_from'],
  },
  'standards-certifications': {
    valid: (i) => ({ name: `AEO-F ${i}`, issuer: 'HMRC', certificate_number: `GBAEOF${1000 + i}`, valid_from: '2025-01-01', valid_until: '2028-01-01' }),
    change: { certificate_number: 'GBAEOF9999' },
    invalid: { name: '', issuer: '', valid_until: 'soon' },
    invalidFields: ['issuer', 'name', 'valid_until'],
  },
  'supply-chain-networks': {
    valid: (i) => ({ name: `WCA World ${i}`, kind: 'forwarder_network', membership_number: `WCA-${100 + i}`, member_since: '2019-05-01', website: 'https://www.wcaworld.com' }),
    change: { renewal_due: '2027-05-01' },
    invalid: { name: '', kind: 'club', website: 'wca' },
    invalidFields: ['kind', 'name', 'website'],
  },
  'work-classifications': {
    valid: (i) => ({ code: `EXP${i}`, name: `Sea export desk ${i}` }),
    change: { description: 'FCL and LCL' },
    invalid: { code: 'no spaces', name: '' },
    invalidFields: ['code', 'name'],
  },
  'work-allocations': {
    prepare: async (post, me) => ({
      classification: (await post('/api/work-classifications', { code: `ALLOC${Math.random().toString(36).slice(2, 6).toUpperCase()}`, name: 'Customs entries' })).data.data.id,
      department: (await post('/api/departments', { name: `Customs ${Math.random()}` })).data.data.id,
      me,
    }),
    valid: (i, r) => ({ work_classification_id: r.classification, department_id: r.department, staff_user_id: r.me, share_pct: String(10 + (i % 80)), notes: `allocation ${i}` }),
    change: { share_pct: '50' },
    invalid: { work_classification_id: 'nope', share_pct: '150' },
    invalidFields: ['share_pct', 'work_classification_id'],
  },
  commissions: {
    prepare: async (_post, me) => ({ me }),
    valid: (i, r) => ({ name: `Sales commission ${i}`, basis: 'gross_profit', rate_pct: String(5 + (i % 10)), staff_user_id: r.me, valid_from: '2026-01-01' }),
    change: { rate_pct: '7.5' },
    invalid: { name: '', basis: 'luck', rate_pct: '101' },
    invalidFields: ['basis', 'name', 'rate_pct'],
  },
  'client-assignments': {
    prepare: async (post, me) => {
      const ids: Refs = { me };
      for (let k = 0; k < 20; k++) ids[`p${k}`] = (await post('/api/partners', { name: `Client ${k} ${Math.random()}`, kind: 'client', country: 'GB' })).data.data.id;
      return ids;
    },
    valid: (i, r) => ({ partner_id: r[`p${i % 20}`], staff_user_id: r.me, notes: `account manager ${i}` }),
    change: { is_primary: false },
    invalid: { partner_id: 'x', staff_user_id: 'y' },
    invalidFields: ['partner_id', 'staff_user_id'],
  },
  tasks: {
    prepare: async (_post, me) => ({ me }),
    valid: (i, r) => ({ title: `Chase POD for shipment ${i}`, priority: 'high', due_on: '2026-12-01', assignee_user_id: r.me }),
    change: { status: 'done' },
    invalid: { title: '', status: 'maybe', due_on: 'tomorrow' },
    invalidFields: ['due_on', 'status', 'title'],
  },
  departments: {
    valid: (i) => ({ name: `Ocean export ${i}`, description: 'FCL and LCL bookings out of Felixstowe' }),
    change: { description: 'Now also Southampton' },
    invalid: { name: '' },
    invalidFields: ['name'],
  },
  'charge-codes': {
    valid: (i) => ({ code: `THC${i}`, name: `Terminal handling ${i}`, category: 'origin', basis: 'per_container', default_currency: 'gbp', taxable: true }),
    change: { name: 'Terminal handling (origin)' },
    invalid: { code: 'bad code!', name: '', category: 'tea', basis: 'per_container', default_currency: 'pounds' },
    invalidFields: ['category', 'code', 'default_currency', 'name'],
  },
  'client-tiers': {
    valid: (i) => ({ name: `Gold ${i}`, rank: (i % 100) + 1, discount_pct: '5', payment_terms_days: 45 }),
    change: { discount_pct: '7.5' },
    invalid: { name: 'X', rank: 0, discount_pct: '120' },
    invalidFields: ['discount_pct', 'rank'],
  },
  'bank-details': {
    valid: (i) => ({ account_name: `Northwind GBP ${i}`, bank_name: 'Barclays', iban: validIban(i), sort_code: '601613', account_number: '31926819', currency: 'GBP', swift_bic: 'NWBKGB2L' }),
    change: { bank_name: 'NatWest' },
    invalid: { account_name: 'A', bank_name: 'B', iban: 'GB00 1234', sort_code: '12', currency: 'GBP' },
    invalidFields: ['iban', 'sort_code'],
  },
  roles: {
    valid: (i) => ({ name: `Pricing desk ${i}`, description: 'Quotes and rates', permissions: ['quotes.view', 'quotes.create', 'control_centre.view', 'quotes.view'] }),
    change: { permissions: ['control_centre.view'] },
    invalid: { name: '', permissions: ['control_centre.fly'] },
    invalidFields: ['name', 'permissions.0'],
  },
  partners: {
    valid: (i) => ({ name: `Rotterdam Agent ${i} B.V.`, kind: 'agent', country: 'nl', city: 'Rotterdam', contact_email: `ops${i}@agent.example` }),
    change: { status: 'on_hold' },
    invalid: { name: 'P', kind: 'friend', country: 'Netherlands', contact_email: 'nope' },
    invalidFields: ['contact_email', 'country', 'kind'],
  },
  'native-organisations': {
    valid: (i) => ({ name: `Harbour Imports ${i} Ltd`, type: 'shipper', country: 'gb', city: 'Leeds', language: 'de', vat_number: `GB${100000000 + i}`, email: `buying${i}@harbour.example`, credit_status: 'ok', force: true }),
    change: { credit_status: 'hold', language: 'ja' },
    invalid: { name: '', type: 'friend', country: 'England', email: 'nope', credit_status: 'maybe', language: 'klingon' },
    invalidFields: ['country', 'credit_status', 'email', 'language', 'name', 'type'],
  },
  'native-contacts': {
    async prepare(post) {
      return { org: (await post('/api/native-organisations', { name: `Contact Holder ${Math.random()}`, type: 'consignee', country: 'NL', force: true })).data.data.id };
    },
    valid: (i, r) => ({ native_organisation_id: r.org, name: `Sanne de Vries ${i}`, job_title: 'Logistics manager', email: `sanne${i}@holder.example`, is_primary: i === 1 }),
    change: { job_title: 'Head of logistics' },
    invalid: { native_organisation_id: 'x', name: '', email: 'nope' },
    invalidFields: ['email', 'name', 'native_organisation_id'],
  },
  leads: {
    valid: (i) => ({ company_name: `Pennine Imports ${i} Ltd`, contact_name: 'Grace Holt', email: `grace${i}@pennine.example`, country: 'gb', source: 'referral', score: i % 100 }),
    change: { status: 'contacted' },
    invalid: { company_name: '', country: 'Britain', source: 'pigeon', score: 500, email: 'nope' },
    invalidFields: ['company_name', 'country', 'email', 'score', 'source'],
  },
  'sell-rules': {
    valid: (i) => ({ name: `Air lanes ${i}`, mode: 'air', origin: 'HKHKG', destination: 'gblhr', charge_category: 'freight', markup_type: 'percent', markup_pct: '12.5', priority: i % 100 }),
    change: { markup_pct: '15' },
    invalid: { name: '', mode: 'boat', origin: 'Hong Kong', markup_type: 'lots', markup_pct: '250' },
    invalidFields: ['markup_pct', 'markup_type', 'mode', 'name', 'origin'],
  },
  'crm-activities': {
    async prepare(post, me) {
      const org = (await post('/api/native-organisations', { name: `Activity Holder ${Math.random()}`, type: 'shipper', country: 'GB', force: true })).data.data.id;
      const contact = (await post('/api/native-contacts', { native_organisation_id: org, name: 'Tom Archer' })).data.data.id;
      return { org, contact, me };
    },
    valid: (i, r) => ({ native_organisation_id: r.org, kind: ['note', 'call', 'email', 'meeting'][i % 4], subject: `Rate review ${i}`, body: 'Asked for Q1 rates CNSHA to GBFXT.', occurred_on: '2026-11-20', native_contact_id: r.contact, user_id: r.me }),
    change: { subject: 'Rate review, follow-up' },
    invalid: { native_organisation_id: 'x', kind: 'telegram', subject: '', occurred_on: 'yesterday' },
    invalidFields: ['kind', 'native_organisation_id', 'occurred_on', 'subject'],
  },
  'carbon-offsets': {
    valid: (i) => ({ provider: `ClimatePartner ${i}`, certificate: `CP-2026-${1000 + i}`, standard: 'Gold Standard', tonnes_co2e: `${10 + i}.250`, cost_minor: 18_500 + i, currency: 'GBP', retired_on: '2026-10-31' }),
    change: { tonnes_co2e: '12.5' },
    invalid: { provider: '', tonnes_co2e: '-3', currency: 'ABC', retired_on: 'October' },
    invalidFields: ['currency', 'provider', 'retired_on', 'tonnes_co2e'],
  },
  directions: {
    valid: (i) => ({ code: `TRANSIT${i}`, name: `Transit ${i}` }),
    change: { active: false },
    invalid: { code: 'no spaces', name: '' },
    invalidFields: ['code', 'name'],
  },
  'load-types': {
    valid: (i) => ({ code: `FLEXI${i}`, name: `Flexitank ${i}` }),
    change: { name: 'Flexitank (liquid)' },
    invalid: { code: '', name: '' },
    invalidFields: ['code', 'name'],
  },
  'transport-modes': {
    valid: (i) => ({ code: `COURIER${i}`, name: `Express courier ${i}`, mode: 'air' }),
    change: { name: 'Courier (priced as air)' },
    invalid: { code: '', name: '', mode: 'balloon' },
    invalidFields: ['code', 'mode', 'name'],
  },
  incoterms: {
    valid: (i) => ({ code: `FOB${i}`, name: `Free on Board (${i})`, sea_only: true }),
    change: { active: false },
    invalid: { code: 'F O B', name: '', sea_only: 'yes' },
    invalidFields: ['code', 'name', 'sea_only'],
  },
  'equipment-types': {
    valid: (i) => ({ code: `${'LM'[i % 2]}${'5P'[i % 2]}${'GRUP'[i % 4]}${i % 10}`, name: `Special box ${i}`, teu: '2.25' }),
    change: { teu: '2' },
    invalid: { code: '40HC', name: '', teu: '-1' },
    invalidFields: ['code', 'name', 'teu'],
  },
  clocks: {
    valid: (i) => ({ name: `Office ${i}`, time_zone: ['Europe/London', 'Asia/Shanghai', 'America/New_York', 'Europe/Amsterdam'][i % 4], position: i }),
    change: { position: 7 },
    invalid: { name: '', time_zone: 'Mars/Olympus', position: -1 },
    invalidFields: ['name', 'position', 'time_zone'],
  },
  'task-templates': {
    prepare: async (_post, me) => ({ me }),
    valid: (i, r) => ({ title: `Check the VGM ${i}`, mode: 'sea_fcl', attach_to: 'shipment', anchor: 'etd', offset_days: -3, assignee_user_id: r.me }),
    change: { offset_days: -2 },
    invalid: { title: '', attach_to: 'invoice', offset_days: 1000 },
    invalidFields: ['attach_to', 'offset_days', 'title'],
  },
  // One template per type: the indices the tests keep at once (2–4, 10–13) each get their own.
  'document-templates': {
    valid: (i) => ({ type: DOCUMENT_TYPES[(i < 10 ? i - 1 : i - 6) % DOCUMENT_TYPES.length], language: 'de', accent_colour: '#1F6F8B', terms: `Alle Geschäfte nach ADSp 2017 (${i}).` }),
    change: { show_charges: false },
    invalid: { type: 'invoice', accent_colour: 'blue', language: 'xx' },
    invalidFields: ['accent_colour', 'language', 'type'],
  },
  // One record per employment: the same member, a different start date each time.
  employees: {
    prepare: async (post, me) => ({ me, department: (await post('/api/departments', { name: `Ocean export ${Math.random().toString(36).slice(2, 8)}` })).data.data.id }),
    valid: (i, r) => ({
      user_id: r.me, job_title: `Ocean export coordinator ${i}`, department_id: r.department, work_location: 'GBFXT', employment_type: 'full_time',
      start_date: `20${10 + (i % 17)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`, salary_currency: 'GBP',
    }),
    change: { job_title: 'Ocean export lead' },
    invalid: { user_id: 'nobody', job_title: '', work_location: 'Felixstowe', employment_type: 'forever', start_date: 'soon', salary_currency: 'XYZ' },
    invalidFields: ['employment_type', 'job_title', 'salary_currency', 'start_date', 'user_id', 'work_location'],
  },
  'leave-types': {
    valid: (i) => ({ code: `STUDY${i}`, name: `Study leave ${i}`, paid: true, deducts_balance: false, requires_hr_approval: true }),
    change: { allow_half_days: false },
    invalid: { code: 'study leave', name: '' },
    invalidFields: ['code', 'name'],
  },
  // One policy per leave type and country: a new type each time keeps them apart.
  'leave-policies': {
    prepare: async (post) => ({ type: (await post('/api/leave-types', { code: `TOIL${Math.random().toString(36).slice(2, 8).toUpperCase()}`, name: 'Time off in lieu' })).data.data.id }),
    valid: (i, r) => ({ leave_type_id: r.type, name: `Time off in lieu ${i}`, country: ['GB', 'NL', 'CN', 'DE', 'ES', 'FR', 'IT', 'PL', 'RO', 'BE', 'IE', 'PT', 'SE', 'DK', 'NO', 'FI', 'AT', 'CH', 'CZ', 'HU'][i % 20], yearly_allowance: '5', accrual: 'upfront' }),
    change: { carry_forward_limit: '2' },
    invalid: { name: '', yearly_allowance: '-1', accrual: 'weekly' },
    invalidFields: ['accrual', 'leave_type_id', 'name', 'yearly_allowance'],
  },
  'salary-structures': {
    valid: (i) => ({ name: `Port staff ${i}`, description: 'Shift allowance and pension' }),
    change: { description: 'Shift allowance, pension and overtime' },
    invalid: { name: '' },
    invalidFields: ['name'],
  },
  'pay-components': {
    prepare: async (post) => ({ structure: (await post('/api/salary-structures', { name: `Office staff ${Math.random().toString(36).slice(2, 8)}` })).data.data.id }),
    valid: (i, r) => ({ structure_id: r.structure, code: `PENSION${i}`, name: 'Pension (employee)', kind: 'deduction', calc: 'formula', formula: 'round(BASE * 5 / 100)' }),
    change: { formula: 'round(BASE * 6 / 100)' },
    invalid: { code: 'pension plan', name: '', kind: 'tax', calc: 'formula', formula: 'constructor.constructor("return process")()' },
    invalidFields: ['code', 'kind', 'name', 'structure_id'],
  },
  // One assignment per employee and start date.
  'salary-assignments': {
    prepare: async (post, me) => ({
      structure: (await post('/api/salary-structures', { name: `Warehouse ${Math.random().toString(36).slice(2, 8)}` })).data.data.id,
      employee: (await post('/api/employees', { user_id: me, job_title: 'Warehouse lead', work_location: 'GBFXT', employment_type: 'full_time', start_date: `19${50 + Math.floor(Math.random() * 40)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`, salary_currency: 'GBP' })).data.data.id,
    }),
    valid: (i, r) => ({ employee_id: r.employee, structure_id: r.structure, valid_from: `20${10 + (i % 17)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`, notes: `Promotion round ${i}` }),
    change: { valid_from: '2009-01-01' },
    invalid: { employee_id: 'x', structure_id: 'y', valid_from: 'next month' },
    invalidFields: ['employee_id', 'structure_id', 'valid_from'],
  },
  'review-cycles': {
    valid: (i) => ({ name: `Annual review ${2000 + i}`, period_start: `${2000 + (i % 90)}-01-01`, period_end: `${2000 + (i % 90)}-12-31`, self_review_due: `${2000 + (i % 90)}-12-10`, rating_scale_max: 5 }),
    change: { manager_review_due: '2099-01-15' },
    invalid: { name: '', period_start: 'spring', period_end: 'x', rating_scale_max: 50 },
    invalidFields: ['name', 'period_end', 'period_start', 'rating_scale_max'],
  },
  'review-criteria': {
    prepare: async (post) => ({ cycle: (await post('/api/review-cycles', { name: `Mid-year ${Math.random().toString(36).slice(2, 8)}`, period_start: '2026-01-01', period_end: '2026-06-30' })).data.data.id }),
    valid: (i, r) => ({ cycle_id: r.cycle, name: `Customer service ${i}`, description: 'Same-day answers', weight: '12.5', position: i % 100 }),
    change: { weight: '25' },
    invalid: { cycle_id: 'x', name: '', weight: '-1' },
    invalidFields: ['cycle_id', 'name', 'weight'],
  },
  'recruitment-stages': {
    valid: (i) => ({ name: `Assessment day ${i}`, position: 10 + (i % 50), kind: 'active' }),
    change: { position: 7 },
    invalid: { name: '', position: -1, kind: 'maybe' },
    invalidFields: ['kind', 'name', 'position'],
  },
};

/** A distinct valid UK IBAN per i: bank NWBK, sort code 601613, account number varies. */
export function validIban(i: number): string {
  const account = String(10_000_000 + i).slice(-8);
  const bban = `NWBK601613${account}`;
  const digits = (bban + 'GB00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

Object.assign(RESOURCE_FIXTURES, nativeVersions());

/** The native-organisation versions reuse the fixtures of the organisation's own records, on a native organisation of their own. */
function nativeVersions(): typeof RESOURCE_FIXTURES {
  const out: typeof RESOURCE_FIXTURES = {};
  for (const base of ['addresses', 'bank-details', 'standards-certifications', 'supply-chain-networks']) {
    out[`native-${base}`] = {
      async prepare(post) {
        return { org: (await post('/api/native-organisations', { name: `Native ${base} ${Math.random()}`, type: 'consignee', country: 'DE', force: true })).data.data.id };
      },
      valid: (i, r) => ({ ...RESOURCE_FIXTURES[base].valid(i, r), native_organisation_id: r.org }),
      change: base === 'addresses' ? { county: 'Hamburg' } : RESOURCE_FIXTURES[base].change,
      invalid: { ...RESOURCE_FIXTURES[base].invalid, native_organisation_id: 'x' },
      invalidFields: [...RESOURCE_FIXTURES[base].invalidFields, 'native_organisation_id'].sort(),
    };
  }
  return out;
}
