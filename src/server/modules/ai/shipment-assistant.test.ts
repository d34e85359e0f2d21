import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { billOfLadingPdf, packingListPdf, pdfUpload } from './testdata/shipping-documents.ts';

let t: TestApp;
const who = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof who.owner>>;

async function shipmentOf(o: Owner) {
  const client = await o.post('/api/native-organisations', { name: 'Atlantic Machinery Imports Inc.', type: 'consignee', country: 'US', email: 'logistics@atlantic-machinery.example', force: true });
  expect(client.statusCode, client.body).toBe(201);
  const made = await o.post('/api/shipments', {
    client: { type: 'native_organisation', id: client.data.data.id }, mode: 'sea_fcl', origin: 'DEHAM', destination: 'USNYC', currency: 'EUR',
    etd: '2026-11-10T08:00:00.000Z', eta: '2026-12-01T06:00:00.000Z', vessel: 'CMA CGM Tage',
    packages: [{ packages: 20, length_cm: 120, width_cm: 100, height_cm: 110, weight_kg: 400 }],
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.data.data as { id: string; number: string; house_ref: string };
}

const upload = (pdf: Uint8Array, name = 'bl.pdf') => pdfUpload(pdf, name);

describe('POST /api/shipments/:id/ai/document-reading', () => {
  it('reads a bill of lading into proposed fields, charges its price once per request id, and the person accepts fields through the shipment’s own calls', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const res = await o.post(`/api/shipments/${s.id}/ai/document-reading?request_id=reading-request-0001`, upload(await billOfLadingPdf()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.credits_used).toBe(2);
    const d = res.data.data;
    expect(d).toMatchObject({ engine: { kind: 'builtin', model: null }, file_name: 'bl.pdf', document_kind: 'bill_of_lading' });
    expect(d.fields.shipper.name).toBe('Hamburg Maschinenbau GmbH');
    expect(d.fields.gross_weight_kg).toBe('9933.673');
    expect(d.fields.containers.map((c: { number: string; valid: boolean }) => [c.number, c.valid])).toEqual([['CSQU3054383', true], ['TGHU1234568', false]]);
    expect(d.evidence.gross_weight_kg).toBe('Total gross weight: 21,900 lbs');
    // Reading changed nothing on the shipment.
    expect((await o.get(`/api/shipments/${s.id}`)).data.data.shipper).toBeNull();

    const again = await o.post(`/api/shipments/${s.id}/ai/document-reading?request_id=reading-request-0001`, upload(await billOfLadingPdf()));
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual({ data: d, credits_used: 0 });
    const credits = (await o.get('/api/ai/credits')).data.data;
    expect(credits).toMatchObject({ balance: 18, used_this_period: 2, by_feature: [{ feature: 'shipment_document', credits: 2, calls: 1 }] });
    const usage = (await o.get('/api/ai/usage')).data;
    expect(usage.data).toMatchObject([{ feature: 'shipment_document', user_id: o.userId, engine: 'builtin', status: 'ok', credits: 2 }]);
    const ledger = (await o.get('/api/ai/ledger')).data.data as { kind: string; feature: string | null; credits: number }[];
    expect(ledger.filter((e) => e.kind === 'consume')).toMatchObject([{ feature: 'shipment_document', credits: -2 }]);

    // Accepting the shipper and a valid container: the shipment's PATCH and containers call, audited as ever.
    const patched = await o.request('PATCH', `/api/shipments/${s.id}`, { shipper: d.fields.shipper });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.data.data.shipper).toEqual(d.fields.shipper);
    const ok = d.fields.containers[0];
    expect((await o.post(`/api/shipments/${s.id}/containers`, { number: ok.number, iso_type: ok.iso_type, seal: ok.seal })).statusCode).toBe(201);
    // The flagged one is refused by the shipment too.
    const bad = d.fields.containers[1];
    expect((await o.post(`/api/shipments/${s.id}/containers`, { number: bad.number, iso_type: bad.iso_type })).statusCode).toBe(422);
    const audited = await t.database.query<{ action: string }>(`select action from audit_events where entity = 'shipments' and entity_id = $1 order by created_at`, [s.id]);
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['update', 'add_container']));
  });

  it('refuses a file that is no readable PDF before charging, and another organisation’s shipment with 404', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const junk = await o.post(`/api/shipments/${s.id}/ai/document-reading`, upload(Buffer.from('PK\u0003\u0004 a zip, not a pdf') as unknown as Uint8Array, 'x.pdf'));
    expect(junk.statusCode).toBe(422);
    expect(junk.data.error.fields).toEqual({ file: 'pdf_unreadable' });
    const other = await who.owner();
    const foreign = await other.post(`/api/shipments/${s.id}/ai/document-reading`, upload(await packingListPdf()));
    expect(foreign.statusCode).toBe(404);
    expect((await other.post(`/api/shipments/${s.id}/ai/client-update`, {})).statusCode).toBe(404);
    expect((await other.post(`/api/shipments/${s.id}/client-updates`, { to: 'x@example.com', subject: 'S', body: 'B' })).statusCode).toBe(404);
    expect((await o.get('/api/ai/usage')).data.meta.total).toBe(0);
    expect((await other.get('/api/ai/usage')).data.meta.total).toBe(0);
  });
});

describe('POST /api/shipments/:id/ai/client-update', () => {
  it('drafts the update from the events, the moved arrival and the open exceptions, in the language asked for; the person sends it through the mail', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const event = (body: Record<string, unknown>) => o.post(`/api/shipments/${s.id}/events`, body);
    expect((await event({ event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'DEHAM', occurred_at: '2026-11-10T09:30:00.000Z' })).statusCode).toBe(201);
    expect((await event({ event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'USNYC', occurred_at: '2026-12-04T06:00:00.000Z', recorded_at: '2026-11-20T10:00:00.000Z' })).statusCode).toBe(201);
    await o.post('/api/exceptions/scan', {});
    const open = await t.database.query<{ kind: string }>(`select kind from shipment_exceptions where shipment_id = $1 and status = 'open'`, [s.id]);
    expect(open.map((x) => x.kind)).toEqual(['eta_slip']);

    const en = await o.post(`/api/shipments/${s.id}/ai/client-update`, { request_id: 'update-request-0001' });
    expect(en.statusCode, en.body).toBe(201);
    expect(en.data.credits_used).toBe(1);
    const ref = `${s.number} (${s.house_ref})`;
    expect(en.data.data).toMatchObject({ language: 'en', language_source: 'member', to: 'logistics@atlantic-machinery.example', facts: { events: 1, eta_changes: 1, open_exceptions: 1 } });
    expect(en.data.data.subject).toBe(`${ref}: update on your shipment Hamburg → New York`);
    expect(en.data.data.body).toContain(`Your shipment ${ref} from Hamburg to New York is on its way. It departed on 10 November 2026. It travels on the vessel CMA CGM Tage. `
      + 'The expected arrival has moved from 1 December 2026 to 4 December 2026, later than planned.');
    expect(en.data.data.body).toContain('Latest events:\n- 10 November 2026: departed (Hamburg)');
    expect(en.data.data.body).toContain('The arrival is later than first planned; we are following it closely.');

    const de = await o.post(`/api/shipments/${s.id}/ai/client-update`, { language: 'de' });
    expect(de.data.data).toMatchObject({ language: 'de', language_source: 'requested' });
    expect(de.data.data.subject).toBe(`${ref}: Neuigkeiten zu Ihrer Sendung Hamburg → New York`);
    expect(de.data.data.body).toContain('Die voraussichtliche Ankunft hat sich vom 1. Dezember 2026 auf den 4. Dezember 2026 verschoben, später als geplant.');
    const ja = await o.post(`/api/shipments/${s.id}/ai/client-update`, { language: 'ja' });
    expect(ja.data.data.body).toContain('2026年11月10日 に出発しました。');
    const credits = (await o.get('/api/ai/credits')).data.data;
    expect(credits.by_feature).toEqual([{ feature: 'client_update', credits: 3, calls: 3 }]);
    // Drafting sent nothing.
    expect(await t.database.query(`select 1 from mail_outbox where "to" = 'logistics@atlantic-machinery.example'`)).toHaveLength(0);

    const edited = `${de.data.data.body}\n\nPS: Die Zollpapiere folgen morgen.`;
    const sent = await o.post(`/api/shipments/${s.id}/client-updates`, { to: 'logistics@atlantic-machinery.example', subject: de.data.data.subject, body: edited });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = await t.database.query<{ subject: string; text: string; html: string }>(`select subject, text, html from mail_outbox where "to" = 'logistics@atlantic-machinery.example'`);
    expect(mail.subject).toBe(de.data.data.subject);
    expect(mail.text).toBe(edited);
    expect(mail.html).toContain('<p>PS: Die Zollpapiere folgen morgen.</p>');
    const [noted] = await t.database.query<{ changes: { to: string } }>(`select changes from audit_events where entity = 'shipments' and action = 'client_update' and entity_id = $1`, [s.id]);
    expect(noted.changes.to).toBe('logistics@atlantic-machinery.example');
  });

  it('writes in the language on the client’s CRM record first, before the organisation’s and the writer’s', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const [{ client_id }] = await t.database.query<{ client_id: string }>('select client_id from shipments where id = $1', [s.id]);
    expect((await o.request('PATCH', `/api/native-organisations/${client_id}`, { language: 'xx' })).statusCode).toBe(422);
    const set = await o.request('PATCH', `/api/native-organisations/${client_id}`, { language: 'fr' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.data.data.language).toBe('fr');
    const fr = await o.post(`/api/shipments/${s.id}/ai/client-update`, {});
    expect(fr.statusCode, fr.body).toBe(201);
    expect(fr.data.data).toMatchObject({ language: 'fr', language_source: 'client' });
    expect(fr.data.data.body).toContain('Chère équipe Atlantic Machinery Imports Inc.,');
    // Asked for, another language still wins; the record's language cleared, the writer's own (English) again.
    expect((await o.post(`/api/shipments/${s.id}/ai/client-update`, { language: 'es' })).data.data).toMatchObject({ language: 'es', language_source: 'requested' });
    expect((await o.request('PATCH', `/api/native-organisations/${client_id}`, { language: null })).statusCode).toBe(200);
    expect((await o.post(`/api/shipments/${s.id}/ai/client-update`, {})).data.data).toMatchObject({ language: 'en', language_source: 'member' });
  });

  it('answers 402 with the price when the credits are gone, and spends nothing', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    for (let i = 0; i < 20; i++) expect((await o.post(`/api/shipments/${s.id}/ai/client-update`, {})).statusCode).toBe(201);
    const refused = await o.post(`/api/shipments/${s.id}/ai/client-update`, {});
    expect(refused.statusCode).toBe(402);
    expect(refused.data.error).toMatchObject({ code: 'ai_credits_exhausted', cost: 1, balance: 0 });
    const reading = await o.post(`/api/shipments/${s.id}/ai/document-reading`, upload(await packingListPdf()));
    expect(reading.statusCode).toBe(402);
    expect(reading.data.error).toMatchObject({ code: 'ai_credits_exhausted', cost: 2 });
    expect((await o.get('/api/ai/usage')).data.meta.total).toBe(20);
  });
});
