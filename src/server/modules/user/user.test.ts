import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function signedUp() {
  const client = createClient(t.app);
  const email = `profile${++n}@example.com`;
  await client.post('/api/auth/register', { name: 'Pat Profile', email, password: 'Harbour-2026' });
  await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  return client;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const form = (data: Buffer, name = 'me.png', type = 'image/png') => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fd;
};

describe('profile', () => {
  it('changes the own name and language, and validates them', async () => {
    const client = await signedUp();
    // Read (and kept for the reused identity) before the change: the change still shows at once.
    const first = await client.get('/api/user');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(first.data.data).sort()).toEqual(['avatar_url', 'email', 'id', 'is_owner', 'last_login', 'locale', 'name', 'organisation', 'permissions', 'premium', 'widget_sequence']);
    expect((await client.get('/api/user')).data).toEqual(first.data);
    const res = await client.request('PATCH', '/api/user', { name: '  Pat Shipper ', locale: 'ja' });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ name: 'Pat Shipper', locale: 'ja' });
    expect((await client.get('/api/user')).data.data).toMatchObject({ name: 'Pat Shipper', locale: 'ja' });
    expect((await client.request('PATCH', '/api/user', { locale: 'xx' })).statusCode).toBe(422);
    expect((await client.request('PATCH', '/api/user', { name: '' })).statusCode).toBe(422);
    expect((await client.request('PATCH', '/api/user', {})).statusCode).toBe(422);
    expect((await client.get('/api/user')).data.data.name).toBe('Pat Shipper');
  });

  it('uploads a picture, serves it to logged-in users, replaces and removes it', async () => {
    const client = await signedUp();
    const up = await client.post('/api/user/avatar', form(PNG));
    expect(up.statusCode).toBe(200);
    const url: string = up.data.data.avatar_url;
    expect(url).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]+\.png$/);
    const img = await client.get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await createClient(t.app).get(url)).statusCode).toBe(401);

    const again = await client.post('/api/user/avatar', form(PNG));
    expect(again.data.data.avatar_url).not.toBe(url);
    expect((await client.get(url)).statusCode).toBe(404);

    const removed = await client.delete('/api/user/avatar');
    expect(removed.data.data.avatar_url).toBeNull();
    expect((await client.get(again.data.data.avatar_url)).statusCode).toBe(404);
  });

  it('keeps no EXIF of an uploaded photo: no GPS, no camera, no author (issue 8, finding 5)', async () => {
    const client = await signedUp();
    const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#4788b6' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Pat Profile', Make: 'HarbourCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '1/1 21/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('HarbourCam')).toBe(true);
    const up = await client.post('/api/user/avatar', form(photo, 'me.jpg', 'image/jpeg'));
    expect(up.statusCode).toBe(200);
    const stored = (await client.get(up.data.data.avatar_url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('HarbourCam')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
  });

  it('refuses files that are not images, whatever their name, and files over 2 MB', async () => {
    const client = await signedUp();
    const fake = await client.post('/api/user/avatar', form(Buffer.from('<svg onload=alert(1)>'), 'evil.png'));
    expect(fake.statusCode).toBe(422);
    expect(fake.data.error.fields.file).toMatch(/PNG, JPEG or WebP/);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await client.post('/api/user/avatar', form(big));
    expect(large.statusCode).toBe(422);
    expect(large.data.error.code).toBe('file_too_large');
    const none = await client.post('/api/user/avatar', new FormData());
    expect(none.statusCode).toBe(422);
    expect((await client.get('/api/user')).data.data.avatar_url).toBeNull();
  });
});
