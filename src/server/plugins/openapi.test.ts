import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { describeOperations, operationIdOf, type OpenApiDocument } from './openapi-operations.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

type Op = { operationId?: string; security?: Record<string, string[]>[]; 'x-access'?: string; parameters?: { name: string; in: string; required?: boolean }[]; responses: Record<string, { $ref?: string }> };
let t: TestApp;
let doc: OpenApiDocument & { paths: Record<string, Record<string, Op>>; components: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } };
let operations: [string, Op][];
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as typeof doc;
  operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as [string, Op]));
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with the recommended rules: no error, no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fyn-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const bin = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const lint = await promisify(execFile)(process.execPath, [bin, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '50'], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
      const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer?: string }[] }[] };
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives every operation an operationId, unique, derived from its method and path', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Stable: clients generated from the document call these names (docs/architecture.md#openapi-document).
    const known: Record<string, string> = {
      'GET /api/user': 'getUser',
      'POST /api/auth/login': 'postAuthLogin',
      'GET /api/partners': 'getPartners',
      'PATCH /api/staff/{userId}': 'patchStaffByUserId',
      'POST /api/staff/invitations/{token}/accept': 'postStaffInvitationsByTokenAccept',
      'GET /api/payroll-runs/{id}/bank.csv': 'getPayrollRunsByIdBankCsv',
      // Pinned by its route: derived, it would collide with GET /api/leave-types.
      'GET /api/leave/types': 'getLeaveTypesToRequest',
      'GET /api/leave-types': 'getLeaveTypes',
    };
    const byKey = Object.fromEntries(operations.map(([key, op]) => [key, op.operationId]));
    for (const [key, id] of Object.entries(known)) expect(byKey[key], key).toBe(id);
  });

  it('derives ids from the method and path alone, and refuses two operations with one id', () => {
    expect(operationIdOf('get', '/api/control-centre/summary')).toBe('getControlCentreSummary');
    expect(operationIdOf('DELETE', '/api/chats/{id}/members/{userId}')).toBe('deleteChatsByIdMembersByUserId');
    const twins = (): OpenApiDocument => ({
      openapi: '3.0.3',
      info: {},
      paths: { '/api/leave-types': { get: { responses: {} } }, '/api/leave/types': { get: { responses: {} } } },
    });
    const opts = { secureCookies: false, csrfExempt: [], unthrottled: [] };
    expect(() => describeOperations(twins(), opts)).toThrow(/GET \/api\/leave\/types and GET \/api\/leave-types share the operationId getLeaveTypes/);
    const pinned = twins();
    pinned.paths!['/api/leave/types'].get.operationId = 'getLeaveTypesToRequest';
    expect(Object.values(describeOperations(pinned, opts).paths!).map((item) => item.get.operationId)).toEqual(['getLeaveTypes', 'getLeaveTypesToRequest']);
  });

  it('declares the session cookie and the API key, and lists on each operation the schemes its access admits', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'fyn.session_token' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    for (const [key, op] of operations) {
      const access = op['x-access']!;
      const expected = access === 'public' ? [] : access === 'user' || access === 'member' ? [{ session: [] }] : [{ session: [] }, { apiKey: [access] }];
      expect(op.security, key).toEqual(expected);
    }
    const find = (key: string) => operations.find(([k]) => k === key)![1];
    expect(find('GET /api/health').security).toEqual([]);
    expect(find('GET /api/user').security).toEqual([{ session: [] }]);
    expect(find('PATCH /api/staff/{userId}').security).toEqual([{ session: [] }, { apiKey: ['staff.update'] }]);
    // The anti-forgery header: required on a public write, needed with the session (not a key) on others, never on a signed webhook.
    const csrf = (key: string) => find(key).parameters?.find((p) => p.name === 'X-XSRF-TOKEN' && p.in === 'header');
    expect(csrf('POST /api/auth/login')?.required).toBe(true);
    expect(csrf('PATCH /api/staff/{userId}')?.required).toBe(false);
    expect(csrf('POST /api/billing/webhook')).toBeUndefined();
    expect(csrf('GET /api/user')).toBeUndefined();
  });

  it('documents the 4xx answers each operation can give, in the error shape', () => {
    const statuses = (key: string) => Object.keys(operations.find(([k]) => k === key)![1].responses).filter((s) => s.startsWith('4'));
    expect(statuses('GET /api/health')).toEqual(['400']);
    expect(statuses('GET /api/user')).toEqual(['400', '401', '403', '429']);
    expect(statuses('POST /api/auth/login')).toEqual(['400', '403', '409', '422', '429']);
    expect(statuses('GET /api/partners')).toEqual(['400', '401', '403', '422', '429']);
    expect(statuses('PATCH /api/staff/{userId}')).toEqual(['400', '401', '403', '404', '409', '414', '422', '429']);
    // A route's own 4xx stays: the card refusal.
    expect(statuses('POST /api/billing/subscribe')).toContain('402');
    for (const [key, op] of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!status.startsWith('4') || status === '402') continue;
        expect(answer.$ref, `${key} ${status}: a shared error answer`).toBeDefined();
        const shared = doc.components.responses[answer.$ref!.replace('#/components/responses/', '')];
        expect(shared.content['application/json'].schema, `${key} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
    }
    expect(doc.components.schemas!.ApiError).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('answers what it documents: malformed URLs 400 in the error shape; parameters as long as declared are routed', async () => {
    for (const url of ['/api/health%zz', '/api/staff/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('malformed_request');
    }
    // A parameter as long as a route declares is routed (here: refused as the anonymous caller it is) …
    expect((await t.app.inject({ method: 'GET', url: `/api/post-images/${'\u{1F4E6}'.repeat(60)}` })).statusCode).toBe(401);
    // … one beyond any declaration is not, in the error shape.
    const long = await t.app.inject({ method: 'GET', url: `/api/post-images/${'k'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe('uri_too_long');
  });
});
