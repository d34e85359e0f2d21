import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit } from '#shared/operations/iso6346.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { aiCallOf, ledgerOf } from './testdata/ai-ledger.ts';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/fake-ai-provider.ts';
import { TEXT_IS_DATA } from './provider.ts';
import { DOCUMENT_SYSTEM_PROMPT } from './shipment-provider.ts';
import { packingListPdf, pdfUpload } from './testdata/shipping-documents.ts';

/**
 * The assistant on a shipment through an OpenAI-compatible provider the test starts on 127.0.0.1:
 * a shipping document read (5 credits by a provider) and a client update written (2 credits), each
 * valid, schema-breaking and too slow, and what each does to the ledger. The free plan grants 20.
 */
let t: TestApp;
let fake: FakeAiProvider;
const who = people(() => t);
const TIMEOUT_MS = 1500;
beforeAll(async () => {
  fake = await startFakeAiProvider();
  t = await createTestApp({ ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test-local', model: 'fyn-test-model', timeoutMs: TIMEOUT_MS } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Owner = Awaited<ReturnType<typeof who.owner>>;

async function shipmentOf(o: Owner) {
  const client = await o.post('/api/native-organisations', { name: 'Bright Lamps Ltd', type: 'consignee', country: 'GB', email: 'orders@brightlamps.example', force: true });
  expect(client.statusCode, client.body).toBe(201);
  const made = await o.post('/api/shipments', {
    client: { type: 'native_organisation', id: client.data.data.id }, mode: 'sea_fcl', origin: 'CNSZX', destination: 'GBFXT', currency: 'USD',
    etd: '2026-11-14T08:00:00.000Z', eta: '2026-12-20T06:00:00.000Z', vessel: 'Ever Given',
    packages: [{ packages: 240, length_cm: 62, width_cm: 62, height_cm: 12, weight_kg: 13 }],
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.data.data as { id: string; number: string; house_ref: string };
}

const upload = async () => pdfUpload(await packingListPdf(), 'packing-list.pdf');

const party = (name: string, address: string) => ({ name, address, contact: null, email: null, phone: null });
const keys = ['shipper', 'consignee', 'notify_party', 'packages', 'gross_weight_kg', 'net_weight_kg', 'volume_cbm', 'dimensions_cm', 'goods_description', 'hs_codes', 'containers'];
const none = Object.fromEntries(keys.map((k) => [k, null]));
const reading = {
  document_kind: 'packing_list',
  shipper: party('Shenzhen Brightway Lighting Co., Ltd', '18 Keji Road, Nanshan District, Shenzhen 518057, China'),
  consignee: party('Bright Lamps Ltd', 'Unit 4, Orwell Park, Ipswich IP3 9BF, United Kingdom'),
  notify_party: null,
  packages: { count: 240, type: 'carton' },
  gross_weight_kg: '3120.5', net_weight_kg: '2880', volume_cbm: '11.07',
  dimensions_cm: { length: '62', width: '62', height: '12' },
  goods_description: 'LED panel lights',
  hs_codes: [],
  // The first is printed (MSKU 907032-3); the second is not in the document at all.
  containers: [{ number: 'MSKU9070323', iso_type: '45G1', seal: 'ML-7781204' }, { number: 'CSQU3054383', iso_type: '22G1', seal: null }],
  confidence: { ...none, shipper: 0.95, consignee: 0.95, packages: 0.9, gross_weight_kg: 0.92, net_weight_kg: 0.9, volume_cbm: 0.9, dimensions_cm: 0.85, goods_description: 0.8, containers: 0.97 },
  evidence: {
    ...none, shipper: 'Shipper: Shenzhen Brightway Lighting Co., Ltd', consignee: 'Consignee: Bright Lamps Ltd', packages: 'TOTAL: 240 CARTONS', gross_weight_kg: 'GROSS WEIGHT 3,120.50 KG',
    net_weight_kg: 'NET WEIGHT 2,880.00 KG', volume_cbm: 'MEASUREMENT 11.07 CBM', dimensions_cm: 'Dimensions per carton: 62 x 62 x 12 cm',
    // Words the document does not have: no evidence, and the field's confidence falls to 0.5.
    goods_description: 'premium LED panels', containers: 'Container: MSKU 907032-3 / 40HC',
  },
  warnings: [],
};

const ledger = (orgId: string) => ledgerOf(t, orgId);
const call = (orgId: string, requestId: string) => aiCallOf(t, orgId, requestId);

describe('the assistant on a shipment through an OpenAI-compatible provider', () => {
  it('reads a document and writes an update through the provider, in the same answers as the built-in engine, checking what the server can', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const host = new URL(fake.baseUrl).host;

    fake.queue({ kind: 'json', content: reading, tokensIn: 1210, tokensOut: 388, model: 'fyn-test-model-2026-11' });
    const before = fake.requests.length;
    const res = await o.post(`/api/shipments/${s.id}/ai/document-reading?request_id=provider-reading-1`, await upload());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.credits_used).toBe(5);
    const d = res.data.data;
    expect(d).toMatchObject({ engine: { kind: 'provider', model: 'fyn-test-model-2026-11', base_url_host: host }, file_name: 'packing-list.pdf', document_kind: 'packing_list' });
    expect(d.fields).toMatchObject({ shipper: reading.shipper, packages: { count: 240, type: 'carton' }, gross_weight_kg: '3120.5', volume_cbm: '11.07', goods_description: 'LED panel lights' });
    // MSKU 907032-3: 9070323's check digit is 3 by ISO 6346 (worked by checkDigit), so it is proposed valid with the line it stands on; the unprinted one is dropped.
    expect(checkDigit('MSKU907032')).toBe(3);
    expect(d.fields.containers).toEqual([{ number: 'MSKU9070323', valid: true, expected_check_digit: null, iso_type: '45G1', seal: 'ML-7781204', evidence: 'Container: MSKU 907032-3 / 40HC Seal: ML-7781204' }]);
    expect(d.warnings).toEqual(['Container CSQU3054383 is not printed in the document: it is not proposed.']);
    expect(d.evidence).toMatchObject({ gross_weight_kg: 'GROSS WEIGHT 3,120.50 KG', containers: 'Container: MSKU 907032-3 / 40HC' });
    expect(d.evidence).not.toHaveProperty('goods_description');
    expect(d.confidence).toMatchObject({ gross_weight_kg: 0.92, goods_description: 0.5, containers: 0.97 });
    expect(d.confidence).not.toHaveProperty('notify_party');
    // Asked once, the document's text as the user's message, our schema held strictly.
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.messages[0].content).toContain(DOCUMENT_SYSTEM_PROMPT);
    expect(sent.body.messages[0].content).toContain(TEXT_IS_DATA);
    expect(sent.body.messages[1].content).toContain('TOTAL: 240 CARTONS');
    expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'shipment_document', strict: true, schema: { type: 'object', additionalProperties: false } } });
    expect(await call(o.orgId, 'provider-reading-1')).toMatchObject({ status: 'ok', engine: 'provider', model: 'fyn-test-model-2026-11', tokens_in: 1210, tokens_out: 388, credits: 5 });
    // The same request id again: the first answer, nothing charged, the provider not asked.
    const again = await o.post(`/api/shipments/${s.id}/ai/document-reading?request_id=provider-reading-1`, await upload());
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual({ data: d, credits_used: 0 });
    expect(fake.requests.length).toBe(before + 1);

    fake.queue({ kind: 'json', content: { subject: `${s.number}: Neuigkeiten zu Ihrer Sendung`, body: 'Sehr geehrtes Team von Bright Lamps Ltd,\r\n\r\nIhre Sendung ist unterwegs.  ' }, tokensIn: 640, tokensOut: 120 });
    const up = await o.post(`/api/shipments/${s.id}/ai/client-update`, { language: 'de', request_id: 'provider-update-1' });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.data.credits_used).toBe(2);
    expect(up.data.data).toMatchObject({
      engine: { kind: 'provider', model: 'fyn-test-model', base_url_host: host }, language: 'de', language_source: 'requested', to: 'orders@brightlamps.example',
      subject: `${s.number}: Neuigkeiten zu Ihrer Sendung`, body: 'Sehr geehrtes Team von Bright Lamps Ltd,\n\nIhre Sendung ist unterwegs.', facts: { events: 0, eta_changes: 0, open_exceptions: 0 },
    });
    const asked = fake.requests.at(-1)!;
    expect(asked.body.messages[0].content).toContain('in German');
    expect(asked.body.response_format!.json_schema.name).toBe('client_update');
    const facts = JSON.parse(asked.body.messages[1].content);
    expect(facts).toMatchObject({ client: 'Bright Lamps Ltd', reference: `${s.number} (${s.house_ref})`, status: 'booked', vessel: 'Ever Given', arrival_expected: '2026-12-20', departure_planned: '2026-11-14' });
    expect(await call(o.orgId, 'provider-update-1')).toMatchObject({ status: 'ok', engine: 'provider', tokens_in: 640, tokens_out: 120, credits: 2 });

    // 20 granted − 5 − 2 = 13.
    expect(await ledger(o.orgId)).toEqual(['grant 20', 'consume -5 provider-reading-1', 'consume -2 provider-update-1']);
    expect((await o.get('/api/ai/credits')).data.data).toMatchObject({ balance: 13, used_this_period: 7 });
  });

  it('refunds a schema-breaking answer, an update the send call would refuse and a timeout, each asked once: the ledger shows consume and refund', async () => {
    const o = await who.owner();
    const s = await shipmentOf(o);
    const cases = [
      { id: 'provider-reading-schema', route: 'reading', reply: { kind: 'json', content: { ...reading, gross_weight_kg: '3,120.50' }, tokensIn: 1200, tokensOut: 380 }, status: 502, code: 'ai_provider_invalid_answer', cost: 5, tokens: [1200, 380] },
      { id: 'provider-reading-slow', route: 'reading', reply: { kind: 'slow', afterMs: TIMEOUT_MS * 4, content: reading }, status: 504, code: 'ai_provider_timeout', cost: 5, tokens: [0, 0] },
      { id: 'provider-update-schema', route: 'update', reply: { kind: 'json', content: { subject: 'Update' }, tokensIn: 600, tokensOut: 20 }, status: 502, code: 'ai_provider_invalid_answer', cost: 2, tokens: [600, 20] },
      { id: 'provider-update-long', route: 'update', reply: { kind: 'json', content: { subject: 'x'.repeat(201), body: 'Hello' }, tokensIn: 600, tokensOut: 90 }, status: 502, code: 'ai_provider_invalid_answer', cost: 2, tokens: [600, 90] },
      { id: 'provider-update-slow', route: 'update', reply: { kind: 'slow', afterMs: TIMEOUT_MS * 4, content: { subject: 'S', body: 'B' } }, status: 504, code: 'ai_provider_timeout', cost: 2, tokens: [0, 0] },
    ] as const;
    for (const c of cases) {
      fake.queue(c.reply);
      const before = fake.requests.length;
      const started = Date.now();
      const send = async () => c.route === 'reading'
        ? o.post(`/api/shipments/${s.id}/ai/document-reading?request_id=${c.id}`, await upload())
        : o.post(`/api/shipments/${s.id}/ai/client-update`, { request_id: c.id });
      const res = await send();
      expect(res.statusCode, `${c.id}: ${res.body}`).toBe(c.status);
      expect(res.data.error.code).toBe(c.code);
      expect(res.data.error.message).toContain(`${c.cost} credits were refunded`);
      expect(fake.requests.length, c.id).toBe(before + 1);
      if (c.reply.kind === 'slow') expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
      const logged = await call(o.orgId, c.id);
      expect(logged).toMatchObject({ status: 'failed', engine: 'provider', credits: c.cost, tokens_in: c.tokens[0], tokens_out: c.tokens[1] });
      expect(logged.error).toBeTruthy();
      const again = await send();
      expect(again.statusCode).toBe(409);
      expect(again.data.error.code).toBe('request_failed');
      expect(fake.requests.length).toBe(before + 1);
    }
    // 20 − 5 + 5 − 5 + 5 − 2 + 2 − 2 + 2 − 2 + 2 = 20: every consume has its refund.
    expect(await ledger(o.orgId)).toEqual(['grant 20', ...cases.flatMap((c) => [`consume -${c.cost} ${c.id}`, `refund ${c.cost} ${c.id}`])]);
    expect((await o.get('/api/ai/credits')).data.data).toMatchObject({ balance: 20, used_this_period: 0 });
    expect((await o.get(`/api/shipments/${s.id}`)).data.data.shipper).toBeNull();
  });
});
