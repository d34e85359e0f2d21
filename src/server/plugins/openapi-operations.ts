import { z } from 'zod';
import { apiErrorSchema } from '#shared/api/errors.ts';
import { isPermission } from '#shared/resources/permissions.ts';

/**
 * What the routes cannot say about themselves one by one, added to the OpenAPI document in one
 * place (docs/architecture.md#openapi-document): each operation's `operationId`, its `security`
 * (from its access declaration, `x-access`) and its 4xx answers in the error shape, derived from
 * that declaration, its method and its parameters. A route's own declaration wins: an
 * `operationId` or a 4xx response in its schema is kept as it is.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> };
type Reference = { $ref: string };
type Operation = {
  operationId?: string;
  summary?: string;
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses?: Record<string, Response | Reference>;
};
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema>; [k: string]: unknown };
  paths?: Record<string, Record<string, Operation>>;
  [k: string]: unknown;
};

export type DescribeOptions = {
  /** The session cookie carries `__Secure-` behind HTTPS (src/server/modules/auth/session.ts). */
  secureCookies: boolean;
  /** Paths that need no anti-forgery token (signed webhooks), as given to the CSRF plugin. */
  csrfExempt: readonly (string | RegExp)[];
  /** Paths outside the API's rate limit (the health probes). */
  unthrottled: readonly string[];
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = new Set(['get', ...WRITES]);

/** The security schemes' names in `components.securitySchemes`. */
export const SECURITY = { session: 'session', apiKey: 'apiKey' } as const;
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const ERROR_REF = '#/components/schemas/ApiError';

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (s: string) => words(s).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/**
 * The operation's id, from its method and path only: the method, then each segment after `/api`
 * in PascalCase, a path parameter as `By<Name>`. `GET /api/staff/{userId}` → `getStaffByUserId`,
 * `POST /api/quotes/{id}/send` → `postQuotesByIdSend`, `GET /api/payroll-runs/{id}/bank.csv` →
 * `getPayrollRunsByIdBankCsv`. Deterministic: the same route always gets the same id, whatever
 * else is registered and in whatever order.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path.replace(/^\/api(?=\/|$)/, '').split('/').filter(Boolean);
  const rest = segments.map((s) => {
    const param = /^\{(\w+)\}$/.exec(s);
    return param ? `By${pascal(param[1])}` : pascal(s);
  });
  return method.toLowerCase() + rest.join('');
}

/** The 403 codes each kind of access can answer (src/server/plugins/access.ts), and the answer's name. */
function forbidden(access: string): { name: string; codes: string[] } {
  const user = ['email_verification_required'];
  const member = [...user, 'organisation_required', 'membership_deactivated'];
  if (access === 'public') return { name: 'Public', codes: [] };
  // A person's own calls refuse an API key (plugins/access-keys: api_key_not_allowed).
  if (access === 'user') return { name: 'User', codes: [...user, 'api_key_not_allowed'] };
  if (access === 'member') return { name: 'Member', codes: [...member, 'api_key_not_allowed'] };
  return { name: 'Permission', codes: [...member, 'forbidden'] };
}

const codes = (list: string[]) => list.map((c) => `\`${c}\``).join(', ');

/**
 * The 4xx answers an operation can give, by status, from what it declares: each a reference to a
 * shared answer of `components.responses` (few distinct ones, each in the error shape).
 */
function errorAnswers(method: string, op: Operation, flags: { csrf: boolean; throttled: boolean }, shared: Record<string, Response>): Record<string, { $ref: string }> {
  const answer = (name: string, description: string, headers?: Response['headers']) => {
    shared[name] ??= { description, ...(headers && { headers }), content: { 'application/json': { schema: { $ref: ERROR_REF } } } };
    return { $ref: `#/components/responses/${name}` };
  };
  const access = op['x-access'] ?? 'public';
  const write = WRITES.has(method);
  const params = op.parameters ?? [];
  const out: Record<string, { $ref: string }> = {};

  out['400'] = !write ? answer('MalformedUrl', 'Malformed request: a URL that cannot be decoded (`malformed_request`)')
    : flags.csrf ? answer('MalformedRequest', 'Malformed request: a body that is not valid JSON, or a URL that cannot be decoded (`malformed_request`)')
    : answer('MalformedOrUnsigned', 'Malformed request (`malformed_request`), or a missing or wrong signature (`invalid_signature`)');
  if (access !== 'public') out['401'] = answer('Unauthenticated', 'No valid session or API key (`unauthenticated`)');
  const refused = forbidden(access);
  const refusals = [...refused.codes, ...(flags.csrf ? ['csrf_mismatch'] : [])];
  if (refusals.length) {
    const why = refused.codes.includes('forbidden') ? ' (`forbidden`: the role, or the API key’s scopes, lack the permission the operation names as its scope)' : '';
    out['403'] = answer(`Forbidden${refused.name}${flags.csrf ? 'Write' : ''}`, `Not allowed: ${codes(refusals)}${why}`);
  }
  const inPath = params.some((p) => p.in === 'path');
  if (inPath) out['404'] = answer('NotFound', 'Nothing there, or a record of another organisation (`not_found`)');
  if (write) out['409'] = answer('Conflict', 'Conflicts with the current state, for example `duplicate`, `in_use`, `invalid_transition`');
  // Beyond the router's bound (src/server/app.ts, maxParamLength), before any check of the route.
  if (inPath) out['414'] = answer('UriTooLong', 'A path parameter longer than any the API takes (`uri_too_long`)');
  if (write || params.some((p) => p.in === 'query' || p.in === 'path')) {
    out['422'] = answer('ValidationFailed', 'Invalid input (`validation_failed`, with a message per field in `fields`)');
  }
  if (flags.throttled) {
    out['429'] = answer('TooManyRequests', 'Too many requests (`too_many_requests`); try again after `Retry-After` seconds', {
      'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
    });
  }
  return out;
}

/** Who may call: no scheme for a public operation, the session for any other, an API key where the access is a permission (its scope). */
function securityOf(access: string | undefined): Record<string, string[]>[] {
  if (!access || access === 'public') return [];
  const session = { [SECURITY.session]: [] as string[] };
  return isPermission(access) ? [session, { [SECURITY.apiKey]: [access] }] : [session];
}

/** The anti-forgery header a write needs: always on a public one, with the session cookie (not with an API key) otherwise. */
/** Every write of a logged-in person or a key may be sent with one (plugins/idempotency.ts). */
const idempotencyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Any unique value (1–255 characters): the first answer is kept 24 hours and a repeat gets it again with `Idempotent-Replayed: true`; the same key with another body answers 422 `idempotency_key_reused`, while the first still runs 409 `idempotency_key_in_use`.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

function csrfParameter(access: string | undefined): Parameter {
  const isPublic = !access || access === 'public';
  return {
    name: CSRF_HEADER,
    in: 'header',
    required: isPublic,
    description: isPublic
      ? 'The value of the `XSRF-TOKEN` cookie (GET /api/csrf-cookie), sent back with that cookie.'
      : 'With the session cookie: the value of the `XSRF-TOKEN` cookie (GET /api/csrf-cookie), sent back with that cookie. Not needed with an API key.',
    schema: { type: 'string' },
  };
}

/**
 * Completes the document @fastify/swagger built from the routes: security schemes, the error
 * shape, and for every operation its id, security and 4xx answers. Throws when two operations
 * would share an id (give one of them `schema.operationId`).
 */
export function describeOperations(doc: OpenApiDocument, opts: DescribeOptions): OpenApiDocument {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ApiError: z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }) as Schema };
  doc.components.securitySchemes = {
    ...doc.components.securitySchemes,
    [SECURITY.session]: {
      type: 'apiKey',
      in: 'cookie',
      name: `${opts.secureCookies ? '__Secure-' : ''}fyn.session_token`,
      description: `The session cookie that POST /api/auth/login sets (httpOnly). Every POST, PUT, PATCH and DELETE with it also sends the \`${CSRF_HEADER}\` header.`,
    },
    [SECURITY.apiKey]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'fyn_live_… (fyn_test_… in developer mode)',
      description: 'An organisation’s API key: `Authorization: Bearer fyn_live_…`. It calls the operations whose access is a permission among its scopes (the scope each operation lists), for its organisation; no cookies and no anti-forgery token.',
    },
  };
  const responses = (doc.components.responses ??= {}) as Record<string, Response>;
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      op.operationId ??= operationIdOf(method, path);
      const other = seen.get(op.operationId);
      if (other) throw new Error(`${where} and ${other} share the operationId ${op.operationId}: give one of them schema.operationId`);
      seen.set(op.operationId, where);
      op.security = securityOf(op['x-access']);
      const csrf = WRITES.has(method) && !opts.csrfExempt.some((e) => (typeof e === 'string' ? e === path : e.test(path)));
      if (csrf && !op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === CSRF_HEADER.toLowerCase())) {
        op.parameters = [...(op.parameters ?? []), csrfParameter(op['x-access'])];
      }
      if (WRITES.has(method) && op['x-access'] && op['x-access'] !== 'public' && !op.parameters?.some((p) => p.in === 'header' && p.name === idempotencyParameter.name)) {
        op.parameters = [...(op.parameters ?? []), idempotencyParameter];
      }
      op.responses = { ...op.responses };
      const errors = errorAnswers(method, op, { csrf, throttled: !opts.unthrottled.includes(path) }, responses);
      for (const [status, answer] of Object.entries(errors)) op.responses[status] ??= answer;
    }
  }
  return doc;
}
