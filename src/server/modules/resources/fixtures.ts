/** Valid and invalid bodies per resource, for the generic suite (test code only). */
export const RESOURCE_FIXTURES: Record<string, { valid: (i: number) => Record<string, unknown>; change: Record<string, unknown>; invalid: Record<string, unknown>; invalidFields: string[] }> = {
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
    valid: (i) => ({ name: `Gold ${i}`, rank: (i % 100) + 1, discount_pct: 5, payment_terms_days: 45 }),
    change: { discount_pct: 7.5 },
    invalid: { name: 'X', rank: 0, discount_pct: 120 },
    invalidFields: ['discount_pct', 'rank'],
  },
  'bank-details': {
    valid: (i) => ({ account_name: `Northwind GBP ${i}`, bank_name: 'Barclays', iban: validIban(i), sort_code: '601613', account_number: '31926819', currency: 'GBP', swift_bic: 'NWBKGB2L' }),
    change: { bank_name: 'NatWest' },
    invalid: { account_name: 'A', bank_name: 'B', iban: 'GB00 1234', sort_code: '12', currency: 'GBP' },
    invalidFields: ['iban', 'sort_code'],
  },
  roles: {
    valid: (i) => ({ name: `Pricing desk ${i}`, description: 'Quotes and rates', permissions: ['quotations.view', 'quotations.create', 'control_centre.view', 'quotations.view'] }),
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
