import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const who = people(() => t);
type Owner = Awaited<ReturnType<typeof who.owner>>;
let northwind: Owner;
let staff: Awaited<ReturnType<Owner['join']>>;
let department: string;
let opening: { id: string; public_slug: string };
let stages: { id: string; name: string; kind: string }[];

const boundary = 'fynrecruitmentboundary';
type Part = { name: string; filename?: string; type?: string; data: Buffer | string };
const multipart = (parts: Part[]) =>
  Buffer.concat([
    ...parts.map((p) => Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    ])),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
let ipCounter = 10;
/** An anonymous visitor applying (each from an address of their own, so that the per-address limit stays out of the way). */
async function apply(slug: string, fields: Record<string, string>, cv: Part | null = { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: pdf }, ip = `10.0.0.${ipCounter++}`) {
  const visitor = createClient(t.app, ip);
  return visitor.request('POST', `/api/public/openings/${slug}/applications`, multipart([...Object.entries(fields).map(([name, data]) => ({ name, data })), ...(cv ? [cv] : [])]), { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
const patch = (c: Owner, url: string, body: unknown) => c.request('PATCH', url, body);
const offerBody = (applicantId: string, extra: Record<string, unknown> = {}) => ({
  applicant_id: applicantId, job_title: 'Air freight export coordinator', contract_type: 'permanent', start_date: '2027-02-01',
  salary: { amount_minor: 3_400_000, currency: 'GBP', period: 'year' }, hours_per_week: '37.5', probation_months: 3, notice_days: 30, ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  northwind = await who.owner();
  staff = await northwind.join(northwind.role('staff'));
  department = (await northwind.post('/api/departments', { name: 'Air export' })).data.data.id;
  const made = await northwind.post('/api/job-openings', {
    title: 'Air freight export coordinator', department_id: department, hiring_manager_id: northwind.userId, location: 'GBLHR', employment_type: 'full_time',
    description: 'Book and coordinate air export shipments out of Heathrow.', salary_min_minor: 3_000_000, salary_max_minor: 3_600_000, salary_currency: 'GBP',
  });
  expect(made.statusCode, made.body).toBe(201);
  expect(made.data.data).toMatchObject({ status: 'draft', applicants: 0 });
  opening = made.data.data;
  stages = (await northwind.get('/api/recruitment-stages?per_page=100')).data.data;
});
afterAll(() => t.close());

describe('openings', () => {
  it('gives new organisations the standard stages', () => {
    expect(stages.map((s) => `${s.name}:${s.kind}`)).toEqual(['Applied:active', 'Screening:active', 'Interview:active', 'Offer:active', 'Hired:hired', 'Rejected:rejected']);
  });

  it('goes draft → open → closed → open, and shows on the public page only while open', async () => {
    expect((await createClient(t.app).get(`/api/public/openings/${opening.public_slug}`)).statusCode).toBe(404);
    expect((await northwind.post(`/api/job-openings/${opening.id}/close`, {})).data.error.code).toBe('invalid_transition');
    expect((await northwind.post(`/api/job-openings/${opening.id}/open`, {})).data.data.status).toBe('open');
    const page = await createClient(t.app).get(`/api/public/openings/${opening.public_slug}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.data.data).toMatchObject({ title: 'Air freight export coordinator', location: 'GBLHR', employment_type: 'full_time', salary: { min_minor: 3_000_000, max_minor: 3_600_000, currency: 'GBP' } });
    // Nothing internal: no ids, no hiring manager, no status.
    expect(Object.keys(page.data.data).sort()).toEqual(['closes_on', 'description', 'employment_type', 'location', 'location_name', 'organisation', 'salary', 'title']);
  });

  it('refuses a salary range that ends below its start', async () => {
    const res = await patch(northwind, `/api/job-openings/${opening.id}`, { salary_max_minor: 1000 });
    expect(res.statusCode).toBe(422);
    expect(res.data.error.fields).toHaveProperty('salary_max_minor');
  });

  it('keeps the openings from staff without the recruitment permission', async () => {
    expect((await staff.get('/api/job-openings')).statusCode).toBe(403);
    expect((await staff.get(`/api/job-openings/${opening.id}/applicants`)).statusCode).toBe(403);
  });
});

describe('the public application', () => {
  it('takes an application with a PDF CV into the first active stage and tells the hiring manager', async () => {
    const res = await apply(opening.public_slug, { name: 'Amira Haddad', email: 'Amira.Haddad@example.com', phone: '+44 7700 900123', cover_letter: 'Five years of air export at LHR.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({ received: true, opening: 'Air freight export coordinator' });
    const pipeline = (await northwind.get(`/api/job-openings/${opening.id}/applicants`)).data.data;
    const applied = pipeline.stages.find((s: { name: string }) => s.name === 'Applied');
    expect(applied.applicants).toHaveLength(1);
    expect(applied.applicants[0]).toMatchObject({ name: 'Amira Haddad', email: 'amira.haddad@example.com', source: 'public', cv: { name: 'cv.pdf', type: 'application/pdf', bytes: pdf.length } });
    const notes = (await northwind.get('/api/notifications')).data.data as { type: string; data: { name: string } }[];
    expect(notes.find((n) => n.type === 'application_received')?.data.name).toBe('Amira Haddad');
  });

  it('refuses the same e-mail twice for one opening', async () => {
    const res = await apply(opening.public_slug, { name: 'Amira H.', email: 'amira.haddad@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.data.error.code).toBe('duplicate_application');
  });

  it('refuses a missing CV, a CV that is no PDF or Word file and one over 5 MB, and stores nothing', async () => {
    const before = (await northwind.get(`/api/job-openings/${opening.id}`)).data.data.applicants;
    const stored = async () => {
      const keys: string[] = [];
      for await (const f of t.app.ctx.files.list()) keys.push(f.key);
      return keys.sort();
    };
    const filesBefore = await stored();
    const missing = await apply(opening.public_slug, { name: 'No CV', email: 'nocv@example.com' }, null);
    expect(missing.statusCode).toBe(422);
    expect(missing.data.error.fields).toHaveProperty('cv');
    const html = await apply(opening.public_slug, { name: 'Fake PDF', email: 'fake@example.com' }, { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: '<html><script>alert(1)</script></html>' });
    expect(html.statusCode).toBe(422);
    expect(html.data.error.code).toBe('unsupported_file_type');
    const big = await apply(opening.public_slug, { name: 'Big CV', email: 'big@example.com' }, { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 10)]) });
    expect(big.statusCode).toBe(422);
    expect(big.data.error.code).toBe('file_too_large');
    const noName = await apply(opening.public_slug, { email: 'noname@example.com' });
    expect(noName.statusCode).toBe(422);
    expect(noName.data.error.fields).toHaveProperty('name');
    expect((await northwind.get(`/api/job-openings/${opening.id}`)).data.data.applicants).toBe(before);
    // The CV streams into the store as it arrives: one refused after it was stored (here: no name) is deleted again.
    expect(await stored()).toEqual(filesBefore);
  });

  it('takes a Word file too', async () => {
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
    const res = await apply(opening.public_slug, { name: 'Tomasz Nowak', email: 'tomasz@example.com' }, { name: 'cv', filename: 'Tomasz CV.docx', data: docx });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('keeps the accented letters of the CV’s file name, and downloads it under that name (filename*)', async () => {
    // Browsers send the name as UTF-8 bytes; "Zoë O'Brien – CV.pdf" must not come back as "ZoÃ«".
    const res = await apply(opening.public_slug, { name: 'Zoë O’Brien', email: 'zoe.obrien@example.com' }, { name: 'cv', filename: "Zoë O'Brien – CV.pdf", type: 'application/pdf', data: pdf });
    expect(res.statusCode, res.body).toBe(201);
    const pipeline = (await northwind.get(`/api/job-openings/${opening.id}/applicants`)).data.data;
    const zoe = pipeline.stages[0].applicants.find((a: { name: string }) => a.name === 'Zoë O’Brien');
    expect((await northwind.get(`/api/applicants/${zoe.id}`)).data.data.cv.name).toBe("Zoë O'Brien – CV.pdf");
    const cv = await northwind.get(`/api/applicants/${zoe.id}/cv`);
    // RFC 6266: an ASCII fallback, then the exact name as RFC 5987 UTF-8 (ë = C3 AB, ' = 27, – = E2 80 93).
    expect(cv.headers['content-disposition']).toBe(`attachment; filename="Zo_ O'Brien _ CV.pdf"; filename*=UTF-8''Zo%C3%AB%20O%27Brien%20%E2%80%93%20CV.pdf`);
  });

  it('answers 404 for an unknown slug and a closed opening', async () => {
    expect((await apply('no-such-opening-slug', { name: 'X', email: 'x@example.com' })).statusCode).toBe(404);
    const other = (await northwind.post('/api/job-openings', { title: 'Warehouse operative', location: 'GBFXT', employment_type: 'temporary' })).data.data;
    await northwind.post(`/api/job-openings/${other.id}/open`, {});
    await northwind.post(`/api/job-openings/${other.id}/close`, {});
    expect((await createClient(t.app).get(`/api/public/openings/${other.public_slug}`)).statusCode).toBe(404);
    expect((await apply(other.public_slug, { name: 'Late', email: 'late@example.com' })).statusCode).toBe(404);
  });

  it('limits applications per address', async () => {
    let last = 0;
    for (let i = 0; i < 22 && last !== 429; i++) last = (await apply(opening.public_slug, { name: 'Spam', email: `spam${i}@example.com` }, null, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
  });
});

describe('applicants, interviews and offers', () => {
  let applicantId: string;

  it('keeps applicants and their CVs from staff without the permission, and serves the CV to those with it', async () => {
    const pipeline = (await northwind.get(`/api/job-openings/${opening.id}/applicants`)).data.data;
    applicantId = pipeline.stages[0].applicants.find((a: { name: string }) => a.name === 'Amira Haddad').id;
    expect((await staff.get(`/api/applicants/${applicantId}`)).statusCode).toBe(403);
    expect((await staff.get(`/api/applicants/${applicantId}/cv`)).statusCode).toBe(403);
    expect((await createClient(t.app).get(`/api/applicants/${applicantId}/cv`)).statusCode).toBe(401);
    const cv = await northwind.get(`/api/applicants/${applicantId}/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toMatch(/^attachment/);
    expect(cv.rawPayload.equals(pdf)).toBe(true);
    // Another organisation does not find it.
    const other = await who.owner();
    expect((await other.get(`/api/applicants/${applicantId}/cv`)).statusCode).toBe(404);
    expect((await other.get(`/api/applicants/${applicantId}`)).statusCode).toBe(404);
  });

  it('moves an applicant through the stages, but not to hired without hiring', async () => {
    const screening = stages.find((s) => s.name === 'Screening')!;
    const moved = await northwind.post(`/api/applicants/${applicantId}/move`, { stage_id: screening.id });
    expect(moved.data.data).toMatchObject({ stage_name: 'Screening', status: 'active' });
    const hired = stages.find((s) => s.kind === 'hired')!;
    expect((await northwind.post(`/api/applicants/${applicantId}/move`, { stage_id: hired.id })).data.error.code).toBe('hire_required');
  });

  it('records an interview’s feedback, rating and recommendation once it was held', async () => {
    const interview = await northwind.post('/api/interviews', { applicant_id: applicantId, interviewer_id: northwind.userId, scheduled_at: '2026-12-02T10:00:00Z', kind: 'onsite' });
    expect(interview.statusCode, interview.body).toBe(201);
    const id = interview.data.data.id;
    expect((await patch(northwind, `/api/interviews/${id}`, { feedback: 'Good', rating: 4 })).statusCode).toBe(422);
    const held = await patch(northwind, `/api/interviews/${id}`, { status: 'held', feedback: 'Knows IATA DGR and CASS well.', rating: 4, recommendation: 'yes' });
    expect(held.data.data).toMatchObject({ status: 'held', rating: 4, recommendation: 'yes', interviewer_name: expect.any(String) });
    expect((await patch(northwind, `/api/interviews/${id}`, { status: 'cancelled' })).data.error.code).toBe('invalid_transition');
    expect((await patch(northwind, `/api/interviews/${id}`, { rating: 6 })).statusCode).toBe(422);
    expect((await northwind.get(`/api/applicants/${applicantId}`)).data.data).toMatchObject({ rating: 4, interviews: [{ feedback: 'Knows IATA DGR and CASS well.' }] });
  });

  it('takes an offer draft → sent → accepted, one offer in play at a time', async () => {
    const offer = await northwind.post('/api/offers', offerBody(applicantId));
    expect(offer.statusCode, offer.body).toBe(201);
    const id = offer.data.data.id;
    expect((await northwind.post('/api/offers', offerBody(applicantId))).data.error.code).toBe('offer_exists');
    expect((await northwind.post(`/api/offers/${id}/accept`, {})).data.error.code).toBe('invalid_transition');
    expect((await northwind.post(`/api/offers/${id}/send`, {})).data.data.status).toBe('sent');
    expect((await northwind.post(`/api/offers/${id}/accept`, {})).data.data.status).toBe('accepted');
    expect((await northwind.post(`/api/offers/${id}/withdraw`, {})).data.error.code).toBe('invalid_transition');
  });
});

describe('hire', () => {
  const count = async (table: string) => Number((await t.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0].n);

  it('refuses an applicant without an accepted offer and writes nothing', async () => {
    const a = (await northwind.post('/api/applicants', { opening_id: opening.id, name: 'Jonas Weber', email: 'jonas.weber@example.com' })).data.data;
    const sent = (await northwind.post('/api/offers', offerBody(a.id))).data.data;
    await northwind.post(`/api/offers/${sent.id}/send`, {});
    const before = await Promise.all(['users', 'organisation_members', 'staff_invitations', 'employees', 'contracts', 'mail_outbox'].map(count));
    const res = await northwind.post(`/api/applicants/${a.id}/hire`, {});
    expect(res.statusCode).toBe(409);
    expect(res.data.error.code).toBe('offer_not_accepted');
    expect(await Promise.all(['users', 'organisation_members', 'staff_invitations', 'employees', 'contracts', 'mail_outbox'].map(count))).toEqual(before);
    expect((await northwind.get(`/api/applicants/${a.id}`)).data.data.status).toBe('active');
  });

  it('needs hr.create besides recruitment', async () => {
    const recruiter = (await northwind.post('/api/roles', { name: 'Recruiter', permissions: ['recruitment.view', 'recruitment.create', 'recruitment.update'] })).data.data.id;
    const r = await northwind.join(recruiter);
    const pipeline = (await r.get(`/api/job-openings/${opening.id}/applicants`)).data.data;
    const amira = pipeline.stages.flatMap((s: { applicants: { id: string; name: string }[] }) => s.applicants).find((a: { name: string }) => a.name === 'Amira Haddad');
    expect((await r.post(`/api/applicants/${amira.id}/hire`, {})).statusCode).toBe(403);
  });

  it('only invites: nothing is made for the person until they accept, then the account, membership, employee and draft contract at once', async () => {
    const pipeline = (await northwind.get(`/api/job-openings/${opening.id}/applicants`)).data.data;
    const amira = pipeline.stages.flatMap((s: { applicants: { id: string; name: string }[] }) => s.applicants).find((a: { name: string }) => a.name === 'Amira Haddad');
    const accounts = async () => (await t.database.query('select id from users where email = $1', ['amira.haddad@example.com'])).length;
    const res = await northwind.post(`/api/applicants/${amira.id}/hire`, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({ applicant_id: amira.id, status: 'invited', invitation_id: expect.any(String), expires_at: expect.any(String), user_id: null, employee_id: null, contract_id: null });
    const { invitation_id } = res.data.data;
    // No account for the e-mail, no member, no employee, no contract: only the invitation, and the hub shows it pending.
    expect(await accounts()).toBe(0);
    expect(((await northwind.get('/api/staff')).data.data as { email: string }[]).map((x) => x.email)).not.toContain('amira.haddad@example.com');
    expect((await northwind.get('/api/staff/invitations')).data.data.map((i: { id: string }) => i.id)).toContain(invitation_id);
    const pending = (await northwind.get(`/api/applicants/${amira.id}`)).data.data;
    expect(pending).toMatchObject({ status: 'active', employee_id: null, invitation: { id: invitation_id, email: 'amira.haddad@example.com' } });
    expect(pending.offers[0].contract_id).toBeNull();
    expect(Number((await t.database.query<{ n: string }>('select count(*) as n from employees where organisation_id = $1', [northwind.orgId]))[0].n)).toBe(0);
    // Twice while it waits: 409.
    expect((await northwind.post(`/api/applicants/${amira.id}/hire`, {})).data.error.code).toBe('invitation_pending');

    // Amira accepts: she sets her password (her name comes from the application), and only now is she a member and an employee.
    const token = await who.invitationToken('amira.haddad@example.com');
    const visitor = createClient(t.app, '10.1.1.1');
    const accepted = await visitor.post(`/api/staff/invitations/${token}/accept`, { password: 'Heathrow-2027' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (await visitor.get('/api/user')).data.data;
    expect(me).toMatchObject({ name: 'Amira Haddad', email: 'amira.haddad@example.com' });
    const active = ((await northwind.get('/api/staff')).data.data as { user_id: string; status: string; job_title: string }[]).find((x) => x.user_id === me.id);
    expect(active).toMatchObject({ status: 'active', job_title: 'Air freight export coordinator' });
    const after = (await northwind.get(`/api/applicants/${amira.id}`)).data.data;
    expect(after).toMatchObject({ status: 'hired', stage_name: 'Hired', invitation: null, employee_id: expect.any(String) });
    const employee = (await northwind.get(`/api/employees/${after.employee_id}`)).data.data;
    expect(employee).toMatchObject({ user_id: me.id, job_title: 'Air freight export coordinator', department_id: department, manager_id: northwind.userId, work_location: 'GBLHR', employment_type: 'full_time', start_date: '2027-02-01', salary_currency: 'GBP' });
    const contractId = after.offers[0].contract_id;
    const contract = (await northwind.get(`/api/contracts/${contractId}`)).data.data;
    expect(contract).toMatchObject({ status: 'draft', type: 'permanent', start_date: '2027-02-01', probation_months: 3, notice_days: 30, hours_per_week: '37.5', salary: { amount_minor: 3_400_000, currency: 'GBP', period: 'year' } });
    expect((await visitor.get('/api/contracts/mine')).data.data.map((c: { id: string }) => c.id)).toEqual([contractId]);
    // Once: the link is used up, and the applicant is hired.
    expect((await createClient(t.app, '10.1.1.2').post(`/api/staff/invitations/${token}/accept`, { password: 'Heathrow-2027', name: 'X' })).data.error.code).toBe('invitation_not_found');
    expect((await northwind.post(`/api/applicants/${amira.id}/hire`, {})).data.error.code).toBe('already_hired');
  });

  /** An applicant for the opening with this e-mail, their offer sent and accepted. */
  async function withAcceptedOffer(name: string, email: string) {
    const a = (await northwind.post('/api/applicants', { opening_id: opening.id, name, email })).data.data;
    const o = (await northwind.post('/api/offers', offerBody(a.id, { start_date: '2027-03-01' }))).data.data;
    await northwind.post(`/api/offers/${o.id}/send`, {});
    expect((await northwind.post(`/api/offers/${o.id}/accept`, {})).data.data.status).toBe('accepted');
    return a.id as string;
  }

  it('leaves an existing account as it is: the person stays free to create or join another organisation', async () => {
    const ben = await who.user();
    const applicant = await withAcceptedOffer('Ben Free', ben.email);
    const hired = await northwind.post(`/api/applicants/${applicant}/hire`, {});
    expect(hired.statusCode, hired.body).toBe(201);
    expect(hired.data.data).toMatchObject({ status: 'invited', user_id: null });
    expect((await ben.get('/api/user')).data.data.organisation).toBeNull();
    expect((await t.database.query('select 1 from organisation_members where user_id = $1', [ben.userId]))).toHaveLength(0);
    // Ben makes his own organisation (before the fix: 409 already_member, Northwind had taken him).
    const own = await ben.post('/api/organisations', { name: 'Ben Freight', types: ['forwarder'], country: 'GB', address_line1: '2 Quay', city: 'Hull' });
    expect(own.statusCode, own.body).toBe(201);
    // He can no longer accept Northwind's invitation: he belongs to his own organisation now.
    const accept = await ben.post(`/api/staff/invitations/${await who.invitationToken(ben.email)}/accept`, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.data.error.code).toBe('already_member');
    expect((await northwind.get(`/api/applicants/${applicant}`)).data.data).toMatchObject({ status: 'active', employee_id: null });
  });

  it('reserves no address: someone hired before they have an account signs up as anyone does, then accepts logged in', async () => {
    const email = `cleo-${Math.random().toString(36).slice(2)}@example.com`;
    const applicant = await withAcceptedOffer('Cleo Ndiaye', email);
    expect((await northwind.post(`/api/applicants/${applicant}/hire`, {})).statusCode).toBe(201);
    // Before the fix the hire had made an account for the address: sign-up answered 422 "already exists".
    const cleo = await who.user(email);
    expect((await cleo.get('/api/user')).data.data).toMatchObject({ email, organisation: null });
    const accepted = await cleo.post(`/api/staff/invitations/${await who.invitationToken(email)}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await cleo.get('/api/user')).data.data.organisation.id).toBe(northwind.orgId);
    expect((await northwind.get(`/api/applicants/${applicant}`)).data.data).toMatchObject({ status: 'hired', invitation: null });
    expect((await cleo.get('/api/contracts/mine')).data.data).toHaveLength(1);
  });

  it('declining leaves nothing behind: no account, no membership, the invitation gone and the offer declined', async () => {
    const email = `dina-${Math.random().toString(36).slice(2)}@example.com`;
    const applicant = await withAcceptedOffer('Dina Okafor', email);
    const hired = (await northwind.post(`/api/applicants/${applicant}/hire`, {})).data.data;
    const token = await who.invitationToken(email);
    const visitor = await createClient(t.app, '10.1.1.3');
    const declined = await visitor.post(`/api/staff/invitations/${token}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(204);
    expect(await t.database.query('select id from users where email = $1', [email])).toHaveLength(0);
    expect(await t.database.query('select id from staff_invitations where id = $1', [hired.invitation_id])).toHaveLength(0);
    const after = (await northwind.get(`/api/applicants/${applicant}`)).data.data;
    expect(after).toMatchObject({ status: 'active', invitation: null, employee_id: null, offers: [{ status: 'declined', contract_id: null }] });
    // The link is dead both ways.
    expect((await visitor.post(`/api/staff/invitations/${token}/accept`, { name: 'Dina', password: 'Harbour-2026' })).data.error.code).toBe('invitation_not_found');
    expect((await visitor.post(`/api/staff/invitations/${token}/decline`, {})).statusCode).toBe(404);
  });

  it('withdraws the invitation when the applicant is rejected while it waits', async () => {
    const email = `emil-${Math.random().toString(36).slice(2)}@example.com`;
    const applicant = await withAcceptedOffer('Emil Berg', email);
    await northwind.post(`/api/applicants/${applicant}/hire`, {});
    const token = await who.invitationToken(email);
    expect((await northwind.post(`/api/applicants/${applicant}/reject`, { reason: 'Position filled' })).data.data).toMatchObject({ status: 'rejected', invitation: null });
    const late = await createClient(t.app, '10.1.1.4').post(`/api/staff/invitations/${token}/accept`, { name: 'Emil Berg', password: 'Harbour-2026' });
    expect(late.data.error.code).toBe('invitation_not_found');
    expect(await t.database.query('select id from users where email = $1', [email])).toHaveLength(0);
  });

  it('hires an active member at once (their account and membership do not change)', async () => {
    const colleague = await northwind.join(northwind.role('staff'));
    const applicant = await withAcceptedOffer('Inside Candidate', colleague.email);
    const res = await northwind.post(`/api/applicants/${applicant}/hire`, { manager_id: northwind.userId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data).toMatchObject({ status: 'hired', invitation_id: null, user_id: colleague.userId, employee_id: expect.any(String), contract_id: expect.any(String) });
    expect(((await northwind.get('/api/staff')).data.data as { user_id: string; role_id: string; status: string }[]).find((x) => x.user_id === colleague.userId)).toMatchObject({ role_id: northwind.role('staff'), status: 'active' });
  });

  it('refuses a manager who is no longer an active member', async () => {
    const former = await northwind.join(northwind.role('staff'));
    expect((await northwind.request('PATCH', `/api/staff/${former.userId}`, { status: 'deactivated' })).statusCode).toBe(200);
    const applicant = await withAcceptedOffer('Farah Quint', `farah-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await northwind.post(`/api/applicants/${applicant}/hire`, { manager_id: former.userId });
    expect(res.statusCode).toBe(422);
    expect(res.data.error.fields).toHaveProperty('manager_id');
  });
});
