import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, latestCode, type TestApp } from '../../test/harness.ts';

let provider: Server;
let providerUrl = '';
const seen: URL[] = [];
beforeAll(async () => {
  // Answers like Open-Meteo's forecast API.
  provider = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push(url);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ current: { time: '2026-11-21T10:00', temperature_2m: 7.4, weather_code: 61, wind_speed_10m: 22.1 } }));
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(provider.address() as { port: number }).port}/v1/forecast`;
});
afterAll(() => new Promise<void>((r) => provider.close(() => r())));

async function appWith(weatherUrl: string | null): Promise<[TestApp, ReturnType<typeof createClient>]> {
  const t = await createTestApp({ weatherUrl });
  const client = createClient(t.app);
  const email = `weather-${Math.random()}@example.com`;
  await client.post('/api/auth/register', { name: 'W', email, password: 'Harbour-2026' });
  await client.post('/api/auth/verify-otp', { email, otp: await latestCode(t.database, email) });
  return [t, client];
}

describe('GET /api/weather', () => {
  it('answers the current weather from the provider, cached per place', async () => {
    const [t, client] = await appWith(providerUrl);
    const res = await client.get('/api/weather?lat=51.92&lon=4.5');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toEqual({ provider: 'open-meteo', temperature_c: 7.4, weather_code: 61, wind_kmh: 22.1, observed_at: '2026-11-21T10:00:00.000Z' });
    expect(seen.at(-1)!.searchParams.get('latitude')).toBe('51.920');
    const calls = seen.length;
    await client.get('/api/weather?lat=51.92&lon=4.5');
    expect(seen.length).toBe(calls);
    expect((await client.get('/api/weather?lat=91&lon=0')).statusCode).toBe(422);
    expect((await createClient(t.app).get('/api/weather?lat=1&lon=1')).statusCode).toBe(401);
    await t.close();
  });

  it('says plainly when no provider can be reached', async () => {
    const [t, client] = await appWith('http://127.0.0.1:9/v1/forecast');
    const res = await client.get('/api/weather?lat=51.92&lon=4.5');
    expect(res.statusCode).toBe(503);
    expect(res.data.error).toEqual({ code: 'weather_unavailable', message: 'No weather provider can be reached right now.' });
    await t.close();
    const [t2, client2] = await appWith(null);
    expect((await client2.get('/api/weather?lat=1&lon=1')).statusCode).toBe(503);
    await t2.close();
  });
});
