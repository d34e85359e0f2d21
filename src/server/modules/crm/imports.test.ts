import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let o: Owner;

const boundary = 'fynimportboundary';
const form = (data: Buffer, filename: string) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
const send = (c: Pick<Owner, 'request'>, path: string, data: Buffer, filename = 'import.csv') =>
  c.request('POST', path, form(data, filename), { 'content-type': `multipart/form-data; boundary=${boundary}` });
const count = async (table: string, org: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where organisation_id = $1`, [org]))[0].n;

/** A workbook of the rows, as Excel writes it. */
async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestApp();
  o = await who.owner();
});
afterAll(() => t.close());

describe('importing leads', () => {
  const csv = (me: string) =>
    Buffer.from(
      '\uFEFFCompany name;Contact;E-mail;Country;Source;Score;Owner email\n' +
        `Lisbon Cork Trading Lda;Inês Costa;ines@lisboncork.example;PT;Trade show;70;${me}\n` +
        'Antwerp Chemicals NV;Pieter Janssens;not-an-email;Belgium;pigeon;500;nobody@nowhere.example\n' +
        ';;;;;;\n' +
        'Bergen Seafood AS;Kari Nordmann;kari@bergen-seafood.example;NO;referral;;\n',
    );

  it('previews row by row with dry_run and writes nothing; refuses the whole file while a row is wrong; writes all rows once right', async () => {
    const me = (await o.get('/api/user')).data.data;
    const before = await count('leads', o.orgId);
    const preview = await send(o, '/api/leads/import?dry_run=true', csv(me.email));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.data.data).toMatchObject({ dry_run: true, total: 3, valid: 2, invalid: 1, created: 0 });
    const [lisbon, antwerp, bergen] = preview.data.data.rows;
    expect(lisbon).toMatchObject({ row: 2, ok: true, errors: {}, label: 'Lisbon Cork Trading Lda' });
    expect(antwerp.row).toBe(3);
    expect(Object.keys(antwerp.errors).sort()).toEqual(['country', 'email', 'owner_email', 'score', 'source']);
    expect(bergen).toMatchObject({ row: 5, ok: true });
    expect(await count('leads', o.orgId)).toBe(before);

    const refused = await send(o, '/api/leads/import', csv(me.email));
    expect([refused.statusCode, refused.data.error.code, refused.data.error.invalid]).toEqual([422, 'import_invalid', 1]);
    expect(await count('leads', o.orgId)).toBe(before);

    const fixed = Buffer.from(csv(me.email).toString('utf8').replace('not-an-email;Belgium;pigeon;500;nobody@nowhere.example', 'p.janssens@antwerpchem.example;BE;network;72;'));
    const done = await send(o, '/api/leads/import', fixed);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.data.data).toMatchObject({ dry_run: false, created: 3 });
    const leads = (await o.get('/api/leads?per_page=100&sort=company_name')).data.data;
    expect(leads.map((l: { company_name: string }) => l.company_name)).toEqual(['Antwerp Chemicals NV', 'Bergen Seafood AS', 'Lisbon Cork Trading Lda']);
    expect(leads[2]).toMatchObject({ contact_name: 'Inês Costa', country: 'PT', source: 'trade_show', score: 70, owner_user_id: me.id, status: 'new' });
    const trail = await t.database.query<{ n: number }>("select count(*)::int as n from audit_events where organisation_id = $1 and entity = 'leads' and action = 'create'", [o.orgId]);
    expect(trail[0].n).toBe(3);
  });

  it('reads Excel workbooks too, values only, and refuses what is no table, too big, or not allowed', async () => {
    const book = await xlsx([['company', 'country', 'source'], ['Hull Timber Ltd', 'GB', 'website'], ['Gdańsk Amber', 'PL', 'other']]);
    const res = await send(o, '/api/leads/import?dry_run=true', book, 'leads.xlsx');
    expect(res.data.data).toMatchObject({ total: 2, valid: 2 });
    const junk = await send(o, '/api/leads/import?dry_run=true', Buffer.concat([Buffer.from('PK'), Buffer.alloc(100)]), 'x.xlsx');
    expect([junk.statusCode, junk.data.error.code]).toEqual([422, 'file_unreadable']);
    const huge = await send(o, '/api/leads/import?dry_run=true', Buffer.from('company,country\n' + 'A Ltd,GB\n'.repeat(5001)));
    expect([huge.statusCode, huge.data.error.code]).toEqual([413, 'file_too_large']);
    expect((await o.request('POST', '/api/leads/import?dry_run=true', {})).statusCode).toBe(422);
    const role = (await o.post('/api/roles', { name: 'CRM readers', permissions: ['crm.view'] })).data.data.id;
    expect((await send(await o.join(role), '/api/leads/import?dry_run=true', book, 'leads.xlsx')).statusCode).toBe(403);
    const template = await o.get('/api/leads/import/template?format=xlsx');
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await o.get('/api/leads/import/template')).body).toMatch(/^\uFEFFcompany_name,contact_name,email/);
  });
});

describe('importing buy rates', () => {
  it('groups the charge lines of each rate, checks them as the rate form does, and writes them only when all are right', async () => {
    for (const [code, basis, currency] of [['XOFR', 'per_container', 'USD'], ['XTHC', 'per_container', 'GBP'], ['XAFR', 'per_kg', 'USD']]) {
      expect((await o.post('/api/charge-codes', { code, name: code, category: 'freight', basis, default_currency: currency })).statusCode).toBe(201);
    }
    const header = ['carrier', 'mode', 'origin', 'destination', 'equipment', 'valid_from', 'valid_until', 'transit_days', 'reference', 'charge_code', 'basis', 'amount', 'currency', 'minimum', 'breaks'];
    const good = [
      ['MSC', 'sea_fcl', 'CNSHA', 'GBFXT', '45G1', '2026-12-01', '2027-02-28', 32, 'MSC-Q1', 'XOFR', 'per_container', '1850.00', 'USD', '', ''],
      ['MSC', 'sea_fcl', 'CNSHA', 'GBFXT', '45G1', '2026-12-01', '2027-02-28', 32, 'MSC-Q1', 'XTHC', 'per_container', '265', 'GBP', '', ''],
      ['Cathay Cargo', 'air', 'HKHKG', 'GBLHR', '', '2026-12-01', '2026-12-31', 2, 'CX-DEC', 'XAFR', 'per_kg', '4.10', 'USD', '95.00', '45:3.80;100:3.40'],
    ];
    const bad = ['Evergreen', 'sea_fcl', 'CNSHA', 'GBFXT', '40HC', '2026-12-01', '2026-11-01', 30, '', 'XYZ', 'per_container', '12.345', 'USD', '', ''];
    const before = await count('buy_rates', o.orgId);
    const preview = await send(o, '/api/rates/import?dry_run=true', await xlsx([header, ...good, bad]), 'rates.xlsx');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.data.data).toMatchObject({ total: 3, valid: 2, invalid: 1, created: 0 });
    const evergreen = preview.data.data.rows[2];
    expect(evergreen.row).toBe(5);
    expect(Object.keys(evergreen.errors).sort()).toEqual(['equipment', 'row 5: amount', 'row 5: charge_code']);
    expect(await count('buy_rates', o.orgId)).toBe(before);

    const done = await send(o, '/api/rates/import', await xlsx([header, ...good]), 'rates.xlsx');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.data.data.created).toBe(2);
    const msc = (await o.get('/api/rates?limit=100')).data.data.find((r: { carrier: string }) => r.carrier === 'MSC');
    expect(msc).toMatchObject({ mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT', equipment: '45G1', transit_days: 32, reference: 'MSC-Q1' });
    expect(msc.charges.map((c: { currency: string; amount_minor: number }) => [c.currency, c.amount_minor])).toEqual([['USD', 185_000], ['GBP', 26_500]]);
    const cathay = (await o.get('/api/rates?limit=100')).data.data.find((r: { carrier: string }) => r.carrier === 'Cathay Cargo');
    expect(cathay.charges[0]).toMatchObject({ amount_minor: 410, minimum_minor: 9500, breaks: [{ from_kg: '45', amount_minor: 380 }, { from_kg: '100', amount_minor: 340 }] });
  });
});
