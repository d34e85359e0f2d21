import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const make = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const form = (data: Buffer, name = 'cover.png', type = 'image/png') => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fd;
};
type Client = Awaited<ReturnType<typeof make.user>>;
const patch = (c: Client, body: unknown) => c.request('PATCH', '/api/profile', body);
const profileOf = async (viewer: Client, userId: string) => viewer.get(`/api/profiles/${userId}`);

const OLIVIA = {
  headline: 'Ocean freight lead, UK–Far East',
  bio: 'Fifteen years of FCL and LCL out of Felixstowe.',
  location: 'gbfxt',
  job_title: 'Managing director',
  phone: '+44 1394 555 010',
  experience: [{ title: 'Ocean export coordinator', place: 'Northwind', from: '2011-04', to: '2016-08', description: 'Far East lanes' }],
  education: [{ title: 'BSc Logistics', place: 'Aston University', from: '2007', to: '2010' }],
  hobbies: ['Sailing', 'sailing', 'Bread baking'],
  interests: ['sea_freight', 'customs', 'sea_freight', 'sailing'],
  languages: ['en', 'de'],
  emergency: { name: 'James Owner', relationship: 'Husband', phone: '+44 7700 900 123', notes: 'Call after 18:00' },
  email_visibility: 'connections',
  phone_visibility: 'organisation',
  listed: true,
};

describe('own profile', () => {
  it('starts empty, takes a whole profile, normalises it and answers it as GET does', async () => {
    const me = await make.user();
    const empty = await profileOf(me, me.userId);
    expect(empty.statusCode).toBe(200);
    expect(empty.data.data).toMatchObject({
      user_id: me.userId, headline: null, location: null, organisation: null, experience: [], interests: [], email: me.email, phone: null, connection: null, is_self: true,
      settings: { email_visibility: 'connections', phone_visibility: 'connections', listed: false }, emergency: null,
    });

    const saved = await patch(me, OLIVIA);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data.data).toMatchObject({
      headline: OLIVIA.headline,
      location: { code: 'GBFXT', name: 'Felixstowe', country: 'GB' },
      job_title: 'Managing director',
      phone: '+44 1394 555 010',
      experience: [{ title: 'Ocean export coordinator', place: 'Northwind', from: '2011-04', to: '2016-08', description: 'Far East lanes' }],
      education: [{ title: 'BSc Logistics', place: 'Aston University', from: '2007', to: '2010', description: null }],
      hobbies: ['Sailing', 'Bread baking'],
      interests: ['sea_freight', 'customs', 'sailing'],
      languages: ['en', 'de'],
      emergency: { name: 'James Owner', relationship: 'Husband', phone: '+44 7700 900 123', notes: 'Call after 18:00' },
      settings: { email_visibility: 'connections', phone_visibility: 'organisation', listed: true },
    });
    expect((await profileOf(me, me.userId)).data.data).toEqual(saved.data.data);

    // Only what is sent changes; "" and null clear.
    const cleared = await patch(me, { headline: '', emergency: null, phone: null });
    expect(cleared.data.data).toMatchObject({ headline: null, emergency: null, phone: null, bio: OLIVIA.bio, languages: ['en', 'de'] });
  });

  it('refuses what does not fit, naming the field, and changes nothing then', async () => {
    const me = await make.user();
    await patch(me, { headline: 'Before' });
    const refused = async (body: unknown, field: string) => {
      const res = await patch(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.data.error.fields), JSON.stringify(body)).toContain(field);
    };
    await refused({ headline: 'Changed', location: 'ZZZZZ' }, 'location');
    await refused({ location: 'not a code' }, 'location');
    await refused({ interests: ['sea_freight', 'knitting_socks'] }, 'interests.1');
    await refused({ languages: ['en', 'xx'] }, 'languages.1');
    await refused({ hobbies: Array.from({ length: 21 }, (_, i) => `Hobby ${i}`) }, 'hobbies');
    await refused({ headline: 'x'.repeat(161) }, 'headline');
    await refused({ experience: [{ title: 'Late', from: '2020-05', to: '2019-01' }] }, 'experience.0.to');
    await refused({ experience: [{ title: '', from: '2020' }] }, 'experience.0.title');
    await refused({ phone: 'call me' }, 'phone');
    await refused({ emergency: { name: 'Nobody', phone: '12' } }, 'emergency.phone');
    await refused({ email_visibility: 'everyone' }, 'email_visibility');
    const unknown = await patch(me, { location: 'ZZZZZ' });
    expect(unknown.data.error).toMatchObject({ code: 'validation_failed', fields: { location: 'Choose a location from the list.' } });
    expect((await profileOf(me, me.userId)).data.data.headline).toBe('Before');
    expect((await createClient(t.app).request('PATCH', '/api/profile', { headline: 'x' })).statusCode).toBe(401);
  });

  it('uploads a cover picture as clean pixels, replaces and removes it', async () => {
    const me = await make.user();
    const up = await me.post('/api/profile/cover', form(PNG));
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.data.data.cover_url;
    expect(url).toMatch(/^\/api\/files\/covers\/[0-9a-f-]+\.png$/);
    const img = await me.get(url);
    expect(img.statusCode).toBe(200);
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await me.post('/api/profile/cover', form(Buffer.from('<svg onload=alert(1)>'), 'x.png'))).statusCode).toBe(422);

    const again = await me.post('/api/profile/cover', form(PNG));
    expect(again.data.data.cover_url).not.toBe(url);
    expect((await me.get(url)).statusCode).toBe(404);
    const removed = await me.delete('/api/profile/cover');
    expect(removed.statusCode).toBe(200);
    expect(removed.data.data.cover_url).toBeNull();
    expect((await me.get(again.data.data.cover_url)).statusCode).toBe(404);
    // The avatar can be removed too.
    expect((await me.delete('/api/user/avatar')).data.data.avatar_url).toBeNull();
  });
});

describe('another person’s profile', () => {
  let owner: Awaited<ReturnType<typeof make.owner>>;
  let staff: Client;
  let admin: Client;
  let stranger: Client;
  beforeAll(async () => {
    owner = await make.owner();
    staff = await owner.join(owner.role('staff'));
    admin = await owner.join(owner.role('admin'));
    stranger = await make.user();
    expect((await patch(owner, OLIVIA)).statusCode).toBe(200);
  });

  it('shows organisation, role and job title, and contact details only as the person chose', async () => {
    const seen = (await profileOf(stranger, owner.userId)).data.data;
    expect(seen).toMatchObject({ user_id: owner.userId, headline: OLIVIA.headline, organisation: { id: owner.orgId }, role: 'Owner', job_title: 'Managing director', email: null, phone: null, connection: null, is_self: false });
    expect(seen).not.toHaveProperty('settings');
    // Colleagues see what is for the organisation.
    expect((await profileOf(staff, owner.userId)).data.data).toMatchObject({ phone: '+44 1394 555 010', email: null });
    // Connected people see what is for connections.
    const asked = await stranger.post('/api/connections', { target: { type: 'user', id: owner.userId } });
    expect((await profileOf(stranger, owner.userId)).data.data.connection).toEqual({ id: asked.data.data.id, status: 'pending', direction: 'sent' });
    expect((await profileOf(owner, stranger.userId)).data.data.connection).toMatchObject({ status: 'pending', direction: 'received' });
    expect((await profileOf(stranger, owner.userId)).data.data.email).toBeNull();
    await owner.request('PATCH', `/api/connections/${asked.data.data.id}`, { status: 'connected' });
    expect((await profileOf(stranger, owner.userId)).data.data).toMatchObject({ email: owner.email, phone: null, connection: { status: 'connected' } });
    // Public is for anyone logged in; private for nobody else.
    await patch(owner, { phone_visibility: 'public', email_visibility: 'private' });
    const other = await make.user();
    expect((await profileOf(other, owner.userId)).data.data).toMatchObject({ phone: '+44 1394 555 010', email: null });
    expect((await profileOf(staff, owner.userId)).data.data.email).toBeNull();
    expect((await profileOf(owner, owner.userId)).data.data.email).toBe(owner.email);
    await patch(owner, { phone_visibility: 'organisation', email_visibility: 'connections' });
  });

  it('keeps emergency details for the person and their organisation’s HR only: no key for anyone else', async () => {
    expect((await profileOf(admin, owner.userId)).data.data.emergency).toEqual(OLIVIA.emergency);
    const hrLess = (await profileOf(staff, owner.userId)).data.data;
    expect(hrLess).not.toHaveProperty('emergency');
    expect((await profileOf(staff, owner.userId)).body).not.toContain('James Owner');
    for (const viewer of [stranger, await make.user()]) {
      const res = await profileOf(viewer, owner.userId);
      expect(res.data.data).not.toHaveProperty('emergency');
      expect(res.body).not.toContain('7700 900 123');
    }
    // HR of another organisation is nobody's HR here.
    const elsewhere = await make.owner();
    expect((await profileOf(elsewhere, owner.userId)).data.data).not.toHaveProperty('emergency');
    // The person's own, even when empty; HR sees a colleague's too.
    await patch(staff, { emergency: { name: 'Ana Staff', relationship: 'Sister', phone: '+34 600 000 000' } });
    expect((await profileOf(admin, staff.userId)).data.data.emergency).toEqual({ name: 'Ana Staff', relationship: 'Sister', phone: '+34 600 000 000', notes: null });
    expect((await profileOf(stranger, stranger.userId)).data.data.emergency).toBeNull();
  });

  it('is 404 for a pair blocked either way, an unknown person and an unverified one', async () => {
    const blocker = await make.user();
    expect((await profileOf(stranger, blocker.userId)).statusCode).toBe(200);
    await blocker.post(`/api/users/${stranger.userId}/block`);
    expect((await profileOf(stranger, blocker.userId)).statusCode).toBe(404);
    expect((await profileOf(blocker, stranger.userId)).statusCode).toBe(404);
    expect((await profileOf(stranger, '0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const email = `unverified-${Math.random().toString(36).slice(2)}@example.com`;
    await createClient(t.app).post('/api/auth/register', { name: 'Not Yet', email, password: 'Harbour-2026' });
    const [row] = await t.database.query<{ id: string }>('select id from users where email = $1', [email]);
    const res = await profileOf(stranger, row.id);
    expect(res.statusCode).toBe(404);
    expect(res.data.error.code).toBe('not_found');
    expect((await createClient(t.app).get(`/api/profiles/${owner.userId}`)).statusCode).toBe(401);
  });
});

describe('organisation public profile', () => {
  it('shows places, certifications, networks, how the caller stands and the staff who chose to be listed', async () => {
    const owner = await make.owner();
    const listedOne = await owner.join(owner.role('staff'));
    const quiet = await owner.join(owner.role('staff'));
    await patch(listedOne, { listed: true, job_title: 'Customs declarant', headline: 'CDS and AEO' });
    await patch(quiet, { listed: false, headline: 'Not on the page' });
    await owner.post('/api/addresses', { label: 'Head office', location_type: 'main_head_office', country: 'GB', line1: '1 Dock', town: 'Hull', location_code: 'GBHUL', is_primary: true });
    await owner.post('/api/standards-certifications', { name: 'AEO Full', issuer: 'HMRC', certificate_number: 'SECRET-NUMBER-1' });
    await owner.post('/api/supply-chain-networks', { name: 'WCA Inter Global', kind: 'forwarder_network', membership_number: 'WCA-SECRET' });
    const visitor = await make.user();
    const res = await visitor.get(`/api/organisations/${owner.orgId}/public-profile`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toMatchObject({
      id: owner.orgId, country: 'GB', city: 'Hull', types: ['forwarder'], is_own: false, connection: null,
      addresses: [{ label: 'Head office', town: 'Hull', location_code: 'GBHUL' }],
      certifications: [{ name: 'AEO Full', issuer: 'HMRC', valid_until: null }],
      networks: [{ name: 'WCA Inter Global', kind: 'forwarder_network' }],
      people: [{ id: listedOne.userId, job_title: 'Customs declarant', headline: 'CDS and AEO' }],
    });
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toContain(quiet.userId);

    await visitor.post('/api/connections', { target: { type: 'organisation', id: owner.orgId } });
    expect((await visitor.get(`/api/organisations/${owner.orgId}/public-profile`)).data.data.connection).toMatchObject({ status: 'pending', direction: 'sent' });
    expect((await listedOne.get(`/api/organisations/${owner.orgId}/public-profile`)).data.data).toMatchObject({ is_own: true, connection: null });
    // A listed person who blocked the visitor is not shown to them.
    await listedOne.post(`/api/users/${visitor.userId}/block`);
    expect((await visitor.get(`/api/organisations/${owner.orgId}/public-profile`)).data.data.people).toEqual([]);
    expect((await visitor.get('/api/organisations/0190a0a0-0000-7000-8000-000000000000/public-profile')).statusCode).toBe(404);
  });
});
