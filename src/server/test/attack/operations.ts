import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema that the OpenAPI document of the zod schemas uses. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document, as the attack suite uses it. */
export type Operation = {
  /** `METHOD /api/path/{param}`, as in the document. */
  key: string;
  method: HttpMethod;
  path: string;
  /** The route's `config.access`, carried into the document as `x-access` (src/server/plugins/access.ts). */
  access: string | undefined;
  pathParams: Parameter[];
  query: Parameter[];
  /** JSON request body, if the operation declares one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Content types of its successful answers (`text/csv` for an export). */
  produces: string[];
};

/**
 * Public operations, on purpose: anyone may call them, so the matrix has no anonymous cell for them.
 * A new public route fails the suite until it is added here, with its reason.
 */
export const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/health': 'liveness probe',
  'GET /api/ready': 'readiness probe',
  'GET /api/csrf-cookie': 'the anti-forgery cookie every browser fetches first',
  'POST /api/auth/register': 'sign-up',
  'POST /api/auth/verify-otp': 'sign-up code',
  'POST /api/auth/resend-otp': 'sign-up code',
  'POST /api/auth/login': 'login',
  'POST /api/auth/logout': 'logout (a no-op without a session)',
  'POST /api/auth/forgot-password': 'password reset mail',
  'POST /api/auth/reset-password': 'password reset with the mailed token',
  'GET /api/organisation-types': 'sign-up form choices',
  'GET /api/billing/products': 'pricing page',
  'GET /api/billing/config': 'pricing page',
  'POST /api/billing/webhook': 'payment provider, proven by its signature',
  'POST /api/staff/invitations/{token}/accept': 'invitation link, proven by its token',
  'POST /api/staff/invitations/{token}/decline': 'invitation link, proven by its token (declining keeps nothing)',
  'GET /api/public/quotes/{token}': 'a quotation’s client link, proven by its token',
  'POST /api/public/quotes/{token}/accept': 'a quotation’s client link, proven by its token',
  'POST /api/public/quotes/{token}/decline': 'a quotation’s client link, proven by its token',
  'GET /api/public/tracking/{token}': 'a shipment’s client tracking link, proven by its token',
  'GET /api/public/openings/{slug}': 'a job opening’s public application page (open openings only, nothing internal)',
  'POST /api/public/openings/{slug}/applications': 'applying for an open job with a CV (no account; size, type and rate limits)',
  'POST /api/tracking/webhook/{organisationId}': 'carriers’ tracking events, proven by the HMAC signature',
  'POST /api/analytics/unsubscribe/{token}': 'a mailed analytics report’s one-click unsubscribe link, proven by its token (the same answer for any token)',
  'POST /api/dev/billing/advance-clock': 'developer mode only (never mounted in production)',
  'GET /api/dev/mail': 'developer mode only (never mounted in production)',
};

/**
 * /api routes that are not in the OpenAPI document (so the suite cannot derive their cells), with
 * the reason. A new one fails the suite until it is documented or listed here.
 */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {};

/** Whether an operation answers a table (CSV or XLSX): an export, written by sendTable (src/server/lib/spreadsheet.ts). */
export const isExport = (op: Pick<Operation, 'produces'>): boolean => op.produces.some((t) => t.startsWith('text/csv') || t.includes('spreadsheetml'));

/** Operations whose body is not JSON: they get their own malformed inputs in the fuzz. */
export const UPLOAD_OPERATIONS = ['POST /api/chats/{id}/attachments', 'POST /api/user/avatar', 'POST /api/organisations/{id}/logo', 'POST /api/profile/cover', 'POST /api/leads/import', 'POST /api/rates/import', 'POST /api/tracking/events/import', 'POST /api/public/openings/{slug}/applications', 'POST /api/shipments/{id}/ai/document-reading'];
/** Uploads of a table (CSV or XLSX, src/server/lib/table-import.ts): they are also sent archives that lie about their sizes. */
export const TABLE_IMPORT_OPERATIONS = ['POST /api/leads/import', 'POST /api/rates/import', 'POST /api/tracking/events/import'];
/** The real file each upload takes (a picture unless named here): an import takes a table. */
export const UPLOAD_SAMPLES: Record<string, { filename: string; type: string; data: string; name?: string; fields?: Record<string, string> }> = {
  // A shipping document as a one-page text PDF (written by hand: uncompressed, ASCII), read into proposed fields.
  'POST /api/shipments/{id}/ai/document-reading': {
    filename: 'packing-list.pdf',
    type: 'application/pdf',
    data: '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n'
      + '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>> endobj\n4 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj\n'
      + '5 0 obj <<>> stream\nBT /F1 10 Tf 40 800 Td (PACKING LIST) Tj 0 -14 Td (Total: 12 pallets   Gross weight: 4,800 kg) Tj 0 -14 Td (Container: CSQU3054383 45G1) Tj ET\nendstream endobj\n'
      + 'trailer <</Root 1 0 R>>\n%%EOF\n',
  },
  // A CV under the field name `cv`, with the applicant's name and e-mail beside it.
  'POST /api/public/openings/{slug}/applications': { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: '%PDF-1.7\nA CV\n%%EOF\n', fields: { name: 'Attack Applicant', email: 'attack.applicant@example.com' } },
  'POST /api/leads/import': { filename: 'leads.csv', type: 'text/csv', data: 'company_name,country,source\nHull Timber Ltd,GB,website\n' },
  'POST /api/rates/import': {
    filename: 'rates.csv',
    type: 'text/csv',
    data: 'carrier,mode,origin,destination,equipment,valid_from,valid_until,basis,amount,currency\nMSC,sea_fcl,CNSHA,GBFXT,45G1,2026-12-01,2027-02-28,per_container,1850.00,USD\n',
  },
  'POST /api/tracking/events/import': {
    filename: 'events.csv',
    type: 'text/csv',
    // The seeded organisation's first shipment (suite.ts, seedRecords).
    data: `shipment_reference,event_type,code,classifier,location,occurred_at\nS-${new Date().getUTCFullYear()}-00001,TRANSPORT,DEPA,ACT,NLRTM,2026-11-20T08:00:00Z\n`,
  },
};
export const RAW_BODY_OPERATIONS = ['POST /api/billing/webhook', 'POST /api/tracking/webhook/{organisationId}'];
/**
 * Streams that stay open (Server-Sent Events): only refusals are called (anonymous 401, malformed
 * input 422), as an accepted call never ends; events.test.ts covers what the stream delivers to whom.
 */
export const STREAM_OPERATIONS = ['GET /api/events'];

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

type DocOperation = {
  'x-access'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

/** Every operation of the app's OpenAPI document (`app.swagger()`, after `app.ready()`). */
export function readOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, DocOperation>> };
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      if (!METHODS.has(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in as Parameter['in'], required: Boolean(p.required), schema: p.schema ?? {} }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        key: `${method} ${path}`,
        method: method as HttpMethod,
        path,
        access: op['x-access'],
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        ...(json && { body: json }),
        bodyRequired: Boolean(op.requestBody?.required),
        produces: [...new Set(Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2')).flatMap(([, r]) => Object.keys(r.content ?? {})))],
      });
    }
  }
  return out;
}

/**
 * Every /api route the app registered (`METHOD /api/path/{param}`, HEAD and the docs left out),
 * read from Fastify's route tree: the routes the document may have missed.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: { depth: number; path: string }[] = [];
  const out: string[] = [];
  for (const line of lines) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + m[2];
    stack.push({ depth, path });
    if (!m[3] || !path.startsWith('/api/') || path === '/api/docs' || path.startsWith('/api/docs/')) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) if (METHODS.has(method)) out.push(`${method} ${shapeOf(path)}`);
  }
  return [...new Set(out)];
}

/**
 * A route's shape with its parameters unnamed (`/api/staff/invitations/{}`): Fastify's tree joins
 * parameters at one place under one node (`:id|:token`), so routes and document compare by shape.
 */
export const shapeOf = (path: string): string => path.replace(/\{\w+\}|:[\w|:]+/g, '{}');

/** The operation's URL with path values filled in (encoded) and an optional query. */
export function urlOf(op: Pick<Operation, 'path'>, pathValues: Record<string, string>, query: [string, string][] = []): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** The collection a path parameter names a record of: `/api/partners/` for `/api/partners/{id}`. */
export const prefixOf = (op: Pick<Operation, 'path'>, param: string): string => op.path.slice(0, op.path.indexOf(`{${param}}`));

/** Whether a caller holding `permissions` (and being a member, or only a user) gets past `access`. */
export function lets(access: string | undefined, who: { user: boolean; member: boolean; permissions: readonly string[] }): boolean {
  if (access === 'public') return true;
  if (access === 'user') return who.user;
  if (access === 'member') return who.member;
  return who.member && who.permissions.includes(access ?? '');
}
